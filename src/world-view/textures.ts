/**
 * Block textures for the renderer, from prismarine-viewer's copy of Minecraft 1.21.4's assets (the installed
 * package, or the part of it mcbridge's package carries: ./viewer-files.ts): block state → first model → its
 * top and side textures (following `parent` and `#name` references as vanilla's block model format does),
 * read once as 16×16 RGBA. Without those files every lookup answers undefined and the renderer falls back to
 * flat colours.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { Rgb } from './raster.js';
import { VIEWER_DIR } from './viewer-files.js';

export interface Texture {
  /** 16×16 RGBA, row by row (the first frame of animated textures) */
  data: Uint8Array;
  /** average colour of its opaque texels */
  average: Rgb;
  /** some texels are transparent (plants, panes, doors with windows) */
  cutout: boolean;
}

export interface BlockTextures {
  top: Texture;
  side: Texture;
  /** the texture file names, for the record */
  names: { top: string; side: string };
}

type Model = { parent?: string; textures?: Record<string, string> };
type States = Record<string, { variants?: Record<string, unknown>; multipart?: Array<{ apply: unknown }> }>;

const ASSETS_VERSION = '1.21.4';
// vanilla tints these grey textures by biome; plains' grass and foliage colours
const GRASS_TINT: Rgb = [145, 189, 89];
const FOLIAGE_TINT: Rgb = [119, 171, 47];
const TINTED: Record<string, Rgb> = {
  grass_block_top: GRASS_TINT,
  short_grass: GRASS_TINT,
  tall_grass_top: GRASS_TINT,
  tall_grass_bottom: GRASS_TINT,
  fern: GRASS_TINT,
  large_fern_top: GRASS_TINT,
  large_fern_bottom: GRASS_TINT,
  oak_leaves: FOLIAGE_TINT,
  jungle_leaves: FOLIAGE_TINT,
  acacia_leaves: FOLIAGE_TINT,
  dark_oak_leaves: FOLIAGE_TINT,
  mangrove_leaves: FOLIAGE_TINT,
  vine: FOLIAGE_TINT,
  birch_leaves: [128, 167, 85],
  spruce_leaves: [97, 153, 97],
  lily_pad: [32, 128, 48],
};

interface Assets {
  dir: string;
  models: Record<string, Model>;
  states: States;
}

let assets: Assets | null | undefined;
const textureCache = new Map<string, Texture | null>();
const blockCache = new Map<string, BlockTextures | null>();

function loadAssets(): Assets | null {
  if (assets !== undefined) return assets;
  try {
    const dir = join(VIEWER_DIR, 'public', 'textures', ASSETS_VERSION);
    if (!existsSync(join(dir, 'blocks_models.json'))) return (assets = null);
    assets = {
      dir,
      models: JSON.parse(readFileSync(join(dir, 'blocks_models.json'), 'utf8')) as Record<string, Model>,
      states: JSON.parse(readFileSync(join(dir, 'blocks_states.json'), 'utf8')) as States,
    };
  } catch {
    assets = null;
  }
  return assets;
}

/** Whether textures can be drawn here (prismarine-viewer's 1.21.4 assets are there). */
export const texturesAvailable = (): boolean => loadAssets() !== null;

const strip = (ref: string) => ref.replace(/^minecraft:/, '').replace(/^blocks?\//, '');

function modelTextures(a: Assets, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  let model: Model | undefined = a.models[strip(name)];
  for (let depth = 0; model && depth < 10; depth++) {
    for (const [k, v] of Object.entries(model.textures ?? {})) if (!(k in out)) out[k] = v;
    model = model.parent ? a.models[strip(model.parent)] : undefined;
  }
  const resolve = (v: string | undefined, depth = 0): string | undefined =>
    v?.startsWith('#') && depth < 10 ? resolve(out[v.slice(1)], depth + 1) : v;
  for (const k of Object.keys(out)) {
    const r = resolve(out[k]);
    if (r === undefined || r.startsWith('#')) delete out[k];
    else out[k] = r;
  }
  return out;
}

function firstModel(a: Assets, block: string): string | undefined {
  const state = a.states[block];
  const pick = (m: unknown): string | undefined => {
    const one = Array.isArray(m) ? (m[0] as unknown) : m;
    return (one as { model?: string } | undefined)?.model;
  };
  if (state?.variants) return pick(Object.values(state.variants)[0]);
  if (state?.multipart) return pick(state.multipart[0]?.apply);
  return undefined;
}

function loadTexture(a: Assets, name: string): Texture | undefined {
  const cached = textureCache.get(name);
  if (cached !== undefined) return cached ?? undefined;
  let texture: Texture | null = null;
  try {
    const png = PNG.sync.read(readFileSync(join(a.dir, 'blocks', `${name}.png`)));
    const data = new Uint8Array(16 * 16 * 4);
    const tint = TINTED[name];
    const sum = [0, 0, 0];
    let opaque = 0;
    let cutout = false;
    for (let v = 0; v < 16; v++) {
      for (let u = 0; u < 16; u++) {
        const sx = Math.floor((u * png.width) / 16);
        const sy = Math.floor((v * png.width) / 16); // square frames: animated strips are taller than wide
        const i = (sy * png.width + sx) * 4;
        const o = (v * 16 + u) * 4;
        for (let k = 0; k < 3; k++) {
          const c = png.data[i + k]!;
          data[o + k] = tint ? Math.round((c * tint[k]!) / 255) : c;
        }
        data[o + 3] = png.data[i + 3]!;
        if (data[o + 3]! >= 128) {
          opaque++;
          for (let k = 0; k < 3; k++) sum[k]! += data[o + k]!;
        } else cutout = true;
      }
    }
    if (opaque > 0) {
      const average: Rgb = [
        Math.round(sum[0]! / opaque),
        Math.round(sum[1]! / opaque),
        Math.round(sum[2]! / opaque),
      ];
      texture = { data, average, cutout };
    }
  } catch {
    texture = null;
  }
  textureCache.set(name, texture);
  return texture ?? undefined;
}

/** The top and side textures of a block (namespaced or bare id), or undefined without assets. */
export function blockTextures(blockName: string): BlockTextures | undefined {
  const block = blockName.replace(/^minecraft:/, '');
  const cached = blockCache.get(block);
  if (cached !== undefined) return cached ?? undefined;
  let out: BlockTextures | null = null;
  const a = loadAssets();
  const model = a ? firstModel(a, block) : undefined;
  if (a && model) {
    const t = modelTextures(a, model);
    const topName =
      t['top'] ?? t['end'] ?? t['up'] ?? t['all'] ?? t['cross'] ?? t['plant'] ?? t['texture'] ?? t['side'];
    const sideName =
      t['side'] ??
      t['all'] ??
      t['front'] ??
      t['south'] ??
      t['cross'] ??
      t['plant'] ??
      t['texture'] ??
      t['bottom'] ??
      topName;
    const particle = t['particle'];
    const top = topName ? loadTexture(a, strip(topName)) : undefined;
    const side = sideName ? loadTexture(a, strip(sideName)) : undefined;
    const fallback = particle ? loadTexture(a, strip(particle)) : undefined;
    const topT = top ?? side ?? fallback;
    const sideT = side ?? top ?? fallback;
    if (topT && sideT) {
      out = {
        top: topT,
        side: sideT,
        names: { top: strip(topName ?? particle ?? ''), side: strip(sideName ?? particle ?? '') },
      };
    }
  }
  blockCache.set(block, out);
  return out ?? undefined;
}

/**
 * The blocks of an area read once for rendering: palette indices in y, z, x order (bounded by the block
 * limit) with each palette entry's colour and shape worked out once.
 */
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import { type BlockSource, type BlockState, blockStateKey, isAir } from '../vocabulary/blocks/block-state.js';
import { sizeOf, volumeOf } from '../vocabulary/blocks/box.js';
import { type BlockColour, blockColour } from './colours.js';
import { type Rgb, TEXT_HEIGHT } from './raster.js';
import { blockShape, type Cuboid, isFullCube } from './shapes.js';
import { type BlockTextures, blockTextures } from './textures.js';

export const AIR_CELL = -1;
export const UNLOADED_CELL = -2;

export interface PaletteEntry {
  /** block id without namespace or states, e.g. `oak_door` (what the legend and counts show) */
  name: string;
  colour: BlockColour;
  /** top and side textures, when the assets are installed */
  textures: BlockTextures | undefined;
  shape: Cuboid[];
  /** a full opaque cube hides what is behind it */
  solid: boolean;
}

export class BlockGrid {
  readonly size;
  readonly cells: Int32Array;
  readonly palette: PaletteEntry[] = [];

  constructor(
    readonly box: Box,
    source: BlockSource,
  ) {
    this.size = sizeOf(box);
    this.cells = new Int32Array(volumeOf(box));
    const indexOf = new Map<string, number>();
    let i = 0;
    for (let y = box.min.y; y <= box.max.y; y++) {
      for (let z = box.min.z; z <= box.max.z; z++) {
        for (let x = box.min.x; x <= box.max.x; x++) {
          const state = source.readBlock({ x, y, z });
          if (state === 'unloaded') this.cells[i++] = UNLOADED_CELL;
          else if (isAir(state)) this.cells[i++] = AIR_CELL;
          else {
            const key = blockStateKey(state);
            let index = indexOf.get(key);
            if (index === undefined) {
              index = this.palette.length;
              this.palette.push(paletteEntry(state));
              indexOf.set(key, index);
            }
            this.cells[i++] = index;
          }
        }
      }
    }
  }

  /** Cell at box-relative coordinates; outside the box counts as air. */
  at(dx: number, dy: number, dz: number): number {
    const s = this.size;
    if (dx < 0 || dy < 0 || dz < 0 || dx >= s.x || dy >= s.y || dz >= s.z) return AIR_CELL;
    return this.cells[(dy * s.z + dz) * s.x + dx]!;
  }

  solidAt(dx: number, dy: number, dz: number): boolean {
    const cell = this.at(dx, dy, dz);
    return cell >= 0 && this.palette[cell]!.solid;
  }
}

// a door's model gives its lower half the `bottom` texture and its upper half (the one with the windows) `top`
const halfTextures = (state: BlockState, t: BlockTextures | undefined): BlockTextures | undefined =>
  t && /_door$/.test(state.name) && state.properties['half'] === 'upper' ? { ...t, side: t.top } : t;

// beds take their colour from the wool they are made of (their own texture is an entity texture)
const textureSource = (name: string) => name.replace(/_bed$/, '_wool');
// tinted by biome and animated: the flat colour table is closer than the grey texture; lanterns' texture
// is a sheet their model cuts up, which a block-aligned face would sample as mostly empty
const FLAT_ONLY = new Set(['water', 'lava', 'bubble_column', 'lantern', 'soul_lantern']);

function paletteEntry(state: BlockState): PaletteEntry {
  const id = state.name;
  const shape = blockShape(state);
  const name = id.replace(/^minecraft:/, '');
  const flat = blockColour(id);
  const textures = FLAT_ONLY.has(name) ? undefined : halfTextures(state, blockTextures(textureSource(name)));
  // a texture's average is the block's true colour; lights keep their glow colour
  const colour = textures && !flat.emissive ? { ...flat, rgb: textures.top.average } : flat;
  return { name, colour, textures, shape, solid: colour.alpha >= 1 && isFullCube(shape) };
}

export const BACKGROUND: Rgb = [32, 34, 40];
export const LABEL: Rgb = [225, 225, 225];
/**
 * No side of an image, legend included, is longer than this: the scale shrinks to fit. A model sees pictures
 * downscaled below it anyway, and it bounds what one render holds at once (about 16 MB per pixel buffer).
 */
export const MAX_IMAGE_SIDE = 2048;
/** room kept under the picture for the legend; a longer legend names its first types and a count of the rest */
export const LEGEND_ROOM = 240;

export interface Layout {
  width: number;
  height: number;
  /** top view: pixels per block; isometric: half the width of a block's top face */
  scale: number;
  fontSize: number;
  /** top: the top-left corner of the map; isometric: where the box's lowest corner projects */
  originX: number;
  originY: number;
  /** where a block shows: the centre of its cell (top) or of its top face (isometric) */
  pixelOf(pos: BlockPos): { x: number; y: number };
}

export interface LabelSpace {
  /** widest coordinate label, at font size 1 */
  width: number;
}

/** Coordinate labels every `step` blocks, with `step` in 1, 2, 5, 10, 20, 50… so labels never overlap. */
export function labelStep(pixelsPerBlock: number, needed: number): number {
  for (let step = 1; ; step *= 10) {
    for (const m of [1, 2, 5]) if (step * m * pixelsPerBlock >= needed) return step * m;
  }
}

export const isLabelled = (value: number, step: number): boolean => ((value % step) + step) % step === 0;

export const fontHeight = (fontSize: number): number => TEXT_HEIGHT * fontSize;

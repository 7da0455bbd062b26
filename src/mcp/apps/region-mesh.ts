/**
 * The 3D meshes of one box of the world for the chat View, made on the server by prismarine-viewer's own
 * mesher (`viewer/lib/models.js`, the code its browser worker runs) so the View needs neither that 63 MB
 * worker nor minecraft-data: it gets finished geometry per 16³ section and draws it with the viewer's
 * renderer. Blocks are read through our `BlockSource` (mineflayer or the Fabric bridge alike) and drawn with
 * the block models and texture atlas of one shipped version, ATLAS_VERSION; everything outside the box is
 * air, so the box's own faces show. A room's ceiling can be left out, found as render_area finds it.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Vec3 } from 'vec3';
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import { McbridgeError } from '../../vocabulary/errors.js';
import { type BlockSource, type BlockState, isAir } from '../../vocabulary/blocks/block-state.js';
import { PACKAGE_DIR, PUBLIC_DIR } from '../../viewer/assets.js';
import { atlasBlockStatesTable } from './atlas-block-states.js';
import { findCeiling } from '../../world-view/cutaway.js';
import { BlockGrid } from '../../world-view/render-grid.js';

const require = createRequire(import.meta.url);

/** The version whose block models and atlas the View uses (the newest prismarine-viewer 1.33.0 ships). */
export const ATLAS_VERSION = '1.21.4';
/** A bigger box is refused: its meshes would make the tool result too heavy for a chat host. */
export const MAX_VIEW_VOLUME = 64 * 64 * 64;
/** Faces (about 270 bytes each in the result) past which the meshes are refused: about 11 MB. */
export const MAX_VIEW_FACES = 40_000;

interface MeshBlock {
  name: string;
  type: number;
  metadata: number;
  stateId: number;
  transparent: boolean;
  isCube: boolean;
  position: Vec3;
  biome: { name: string };
  variant?: unknown;
  getProperties(): Record<string, unknown>;
}
interface SectionGeometry {
  positions: Float32Array;
  normals: Float32Array;
  colors: Float32Array;
  uvs: Float32Array;
  indices: number[];
  sx: number;
  sy: number;
  sz: number;
}
interface PrismarineBlock {
  name: string;
  type: number;
  stateId: number;
  transparent: boolean;
  shapes?: number[][];
  getProperties(): Record<string, unknown>;
}
interface Mesher {
  getSectionGeometry(sx: number, sy: number, sz: number, world: unknown, states: unknown): SectionGeometry;
  Block: { fromProperties(name: string, props: Record<string, string>, biome: number): PrismarineBlock };
}
let loadedMesher: Mesher | undefined;
/**
 * prismarine-viewer's mesher and the atlas version's blocks, loaded on the first View: models.js loads
 * minecraft-data for 1.16.2 when it loads (several MB that a conversation without the View never needs).
 */
function mesher(): Mesher {
  loadedMesher ??= {
    getSectionGeometry: (
      require(join(PACKAGE_DIR, 'viewer', 'lib', 'models.js')) as Pick<Mesher, 'getSectionGeometry'>
    ).getSectionGeometry,
    Block: (require('prismarine-block') as (v: string) => Mesher['Block'])(ATLAS_VERSION),
  };
  return loadedMesher;
}

export class ViewTooLargeError extends McbridgeError {
  override name = 'ViewTooLargeError' as const;
}

export interface EncodedSection {
  key: string;
  sx: number;
  sy: number;
  sz: number;
  /** base64 of little-endian Float32 (positions, normals, colours, uvs) and Uint32 (indices) arrays */
  positions: string;
  normals: string;
  colors: string;
  uvs: string;
  indices: string;
  faces: number;
}

export interface RegionMesh {
  version: string;
  from: BlockPos;
  to: BlockPos;
  sections: EncodedSection[];
  /** blocks drawn (not air) and blocks the world could not tell (unloaded: left empty) */
  solid: number;
  unloaded: number;
  /** the roof or ceiling left out so that the inside shows, as render_area's cutaway: world y and blocks */
  cutaway?: { fromY: number; removed: number };
}

export interface MeshOptions {
  /** leave a room's ceiling out, as render_area does (default false here; the View asks for it) */
  cutaway?: boolean;
}

// the mesher leaves out every face next to a block below y=0 (it takes that for the void under old worlds);
// meshing happens this many blocks higher, a whole number of sections, and the result is moved back down
const Y_SHIFT = 128;

const isCube = (shapes: number[][] | undefined): boolean =>
  shapes?.length === 1 && shapes[0]!.join() === '0,0,0,1,1,1';

/** A block as the mesher wants it; an id this version does not know is drawn as its missing texture. */
function meshBlock(state: BlockState | 'air', cache: Map<string, MeshBlock>): MeshBlock {
  const key = state === 'air' ? 'air' : `${state.name}${JSON.stringify(state.properties)}`;
  let block = cache.get(key);
  if (!block) {
    const name = state === 'air' ? 'air' : state.name.replace(/^minecraft:/, '');
    const props = state === 'air' ? {} : state.properties;
    let known: PrismarineBlock | undefined;
    try {
      known = mesher().Block.fromProperties(name, props, 0);
    } catch {
      known = undefined;
    }
    block = {
      name: known?.name ?? name,
      type: known?.type ?? -1,
      metadata: 0,
      stateId: known?.stateId ?? -1,
      transparent: known ? known.transparent : name === 'air',
      isCube: known ? isCube(known.shapes) : name !== 'air',
      position: new Vec3(0, 0, 0),
      biome: { name: 'plains' },
      getProperties: () => known?.getProperties() ?? props,
    };
    cache.set(key, block);
  }
  return block;
}

/**
 * Pulls each face's texture coordinates 1/256 of its tile in from the edges (the live viewer's worker does the
 * same, src/viewer/assets.ts says why): a pixel on a block edge then never samples a transparent texel of
 * the atlas beside the tile, which would show the sky through a dashed line.
 */
function insetFaceUvs(uvs: Float32Array): void {
  // the mesher writes four vertices per face
  for (let i = 0; i + 8 <= uvs.length; i += 8) {
    for (const axis of [0, 1]) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let k = i + axis; k < i + 8; k += 2) {
        lo = Math.min(lo, uvs[k]!);
        hi = Math.max(hi, uvs[k]!);
      }
      const inset = (hi - lo) / 256;
      for (let k = i + axis; k < i + 8; k += 2) uvs[k] = uvs[k]! === lo ? lo + inset : uvs[k]! - inset;
    }
  }
}

const b64 = (a: Float32Array | Uint32Array): string =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

/** Meshes every 16³ section the box touches; throws ViewTooLargeError past MAX_VIEW_VOLUME or MAX_VIEW_FACES. */
export function meshRegion(
  source: BlockSource,
  a: BlockPos,
  b: BlockPos,
  options: MeshOptions = {},
): RegionMesh {
  const from = { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), z: Math.min(a.z, b.z) };
  const to = { x: Math.max(a.x, b.x), y: Math.max(a.y, b.y), z: Math.max(a.z, b.z) };
  const volume = (to.x - from.x + 1) * (to.y - from.y + 1) * (to.z - from.z + 1);
  if (volume > MAX_VIEW_VOLUME) {
    throw new ViewTooLargeError(
      `the box holds ${volume} blocks; the 3D view shows at most ${MAX_VIEW_VOLUME}`,
      {
        remedy: 'view a smaller box (at most 64×64×64), or use render_area for a picture of the whole',
      },
    );
  }
  let cutFromY = Infinity;
  if (options.cutaway) {
    const ceiling = findCeiling(new BlockGrid({ min: from, max: to }, source));
    if (ceiling !== undefined) cutFromY = from.y + ceiling;
  }
  const states = new Map<string, BlockState | 'air'>();
  let solid = 0;
  let unloaded = 0;
  let removed = 0;
  for (let y = from.y; y <= to.y; y++)
    for (let z = from.z; z <= to.z; z++)
      for (let x = from.x; x <= to.x; x++) {
        const s = source.readBlock({ x, y, z });
        if (s === 'unloaded') unloaded++;
        else if (!isAir(s) && y >= cutFromY) removed++;
        else if (!isAir(s)) {
          solid++;
          states.set(`${x},${y},${z}`, s);
        }
      }
  const cache = new Map<string, MeshBlock>();
  const world = {
    getBlock(pos: Vec3): MeshBlock {
      const p = pos.floored();
      const block = meshBlock(states.get(`${p.x},${p.y - Y_SHIFT},${p.z}`) ?? 'air', cache);
      block.position = p;
      return block;
    },
  };
  const blockStates = atlasBlockStatesTable(PUBLIC_DIR, ATLAS_VERSION);
  const sections: EncodedSection[] = [];
  let faces = 0;
  const lo = (v: number) => Math.floor(v / 16) * 16;
  for (let sy = lo(from.y); sy <= to.y; sy += 16)
    for (let sz = lo(from.z); sz <= to.z; sz += 16)
      for (let sx = lo(from.x); sx <= to.x; sx += 16) {
        const g = mesher().getSectionGeometry(sx, sy + Y_SHIFT, sz, world, blockStates);
        if (g.indices.length === 0) continue;
        faces += g.indices.length / 6;
        insetFaceUvs(g.uvs);
        if (faces > MAX_VIEW_FACES) {
          throw new ViewTooLargeError(
            `the box has more than ${MAX_VIEW_FACES} visible block faces, too many to send to the 3D view`,
            { remedy: 'view a smaller part of it, or use render_area for a picture of the whole' },
          );
        }
        sections.push({
          key: `${sx},${sy},${sz}`,
          sx: g.sx,
          sy: g.sy - Y_SHIFT,
          sz: g.sz,
          positions: b64(g.positions),
          normals: b64(g.normals),
          colors: b64(g.colors),
          uvs: b64(g.uvs),
          indices: b64(Uint32Array.from(g.indices)),
          faces: g.indices.length / 6,
        });
      }
  const cutaway = cutFromY === Infinity ? undefined : { fromY: cutFromY, removed };
  return { version: ATLAS_VERSION, from, to, sections, solid, unloaded, ...(cutaway ? { cutaway } : {}) };
}

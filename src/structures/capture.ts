/** From the world to a Structure, and from a Structure back to commands. */
import { boxOf, volumeOf } from '../vocabulary/blocks/box.js';
import type { BlockPos } from '../vocabulary/blocks/box.js';
import { type BlockSource, blockStateKey } from '../vocabulary/blocks/block-state.js';
import {
  type Rotation,
  type Transform,
  mirrorOffset,
  mirrorStateKey,
  rotateOffset,
  rotateStateKey,
  transformOf,
} from './rotate.js';
import { STRUCTURE_MAX_BLOCKS, STRUCTURE_VOID, type Structure, StructureError, checkName } from './store.js';
import type { Compound } from './formats/nbt-file.js';
import { toSnbt } from './formats/snbt.js';

export function readStructure(source: BlockSource, name: string, from: BlockPos, to: BlockPos): Structure {
  checkName(name);
  const box = boxOf(from, to);
  const count = volumeOf(box);
  if (count > STRUCTURE_MAX_BLOCKS) {
    throw new StructureError(
      `${count.toLocaleString('en-US')} blocks is more than ${STRUCTURE_MAX_BLOCKS.toLocaleString('en-US')} per structure`,
      {
        remedy: 'save it as several structures, split along y',
      },
    );
  }
  const palette: string[] = [];
  const index = new Map<string, number>();
  const blocks: number[] = [];
  for (let y = box.min.y; y <= box.max.y; y++)
    for (let z = box.min.z; z <= box.max.z; z++)
      for (let x = box.min.x; x <= box.max.x; x++) {
        const state = source.readBlock({ x, y, z });
        if (state === 'unloaded') {
          throw new StructureError(`${x} ${y} ${z} is in an unloaded chunk`, {
            remedy: 'move the bot near the area first (tp @s there), then save again',
          });
        }
        const key = blockStateKey(state);
        let i = index.get(key);
        if (i === undefined) {
          i = palette.length;
          palette.push(key);
          index.set(key, i);
        }
        blocks.push(i);
      }
  const size = { x: box.max.x - box.min.x + 1, y: box.max.y - box.min.y + 1, z: box.max.z - box.min.z + 1 };
  return {
    format: 'mcbridge-structure',
    version: 1,
    name,
    savedAt: new Date().toISOString(),
    size,
    palette,
    blocks,
  };
}

/** One block of a structure where it lands in the world; `data` is block entity SNBT. */
export interface PlacedBlock {
  x: number;
  y: number;
  z: number;
  key: string;
  data?: string;
}

/**
 * Every block of `structure` with its minimum corner at `origin`, mirrored then rotated clockwise, in the
 * order y, z, x of the transformed box, one at a time (a walk keeps none of them). Structure void is left
 * out, and so is every state `skip` says (unknown blocks).
 */
export function* eachPlacedBlock(
  structure: Structure,
  origin: BlockPos,
  transform: Rotation | Transform = 0,
  skip: (key: string) => boolean = () => false,
): Generator<PlacedBlock> {
  const { size } = structure;
  const { rotation, mirror } = transformOf(transform);
  const rotated = structure.palette.map((k) => rotateStateKey(mirrorStateKey(k, mirror), rotation));
  const turn = (x: number, z: number) => {
    const m = mirrorOffset(x, z, size, mirror);
    return rotateOffset(m.x, m.z, size, rotation);
  };
  const left = structure.palette.map((k) => k === STRUCTURE_VOID || skip(k));
  const width = rotation % 180 === 0 ? size.x : size.z;
  const depth = rotation % 180 === 0 ? size.z : size.x;
  const grid = new Int32Array(width * depth * size.y).fill(-1);
  const at = (dx: number, y: number, dz: number) => (y * depth + dz) * width + dx;
  let i = 0;
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++) {
        const { dx, dz } = turn(x, z);
        grid[at(dx, y, dz)] = structure.blocks[i++]!;
      }
  const data = new Map<number, string>();
  for (const e of structure.blockEntities ?? []) {
    const [x, y, z] = e.pos;
    if (x < 0 || y < 0 || z < 0 || x >= size.x || y >= size.y || z >= size.z) continue;
    const { dx, dz } = turn(x, z);
    data.set(at(dx, y, dz), toSnbt(e.nbt as Compound));
  }
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < depth; z++)
      for (let x = 0; x < width; x++) {
        const state = grid[at(x, y, z)]!;
        if (state < 0 || left[state]) continue;
        const snbt = data.get(at(x, y, z));
        yield {
          x: origin.x + x,
          y: origin.y + y,
          z: origin.z + z,
          key: rotated[state]!,
          ...(snbt && snbt !== '{}' ? { data: snbt } : {}),
        };
      }
}

/**
 * Commands one placement sends at most: a plan of a million positions in runs along x needs a few
 * thousand; one whose every block differs from the next (a checkerboard) would need a million strings.
 */
export const PLACE_MAX_COMMANDS = 50_000;

/**
 * Commands that set `blocks` (in the order y, z, x), walked one at a time: runs of one state along x become
 * one `fill`, single blocks and blocks with block entity data a `setblock`. Past `max` commands it throws,
 * before holding more.
 */
export function blockCommands(blocks: Iterable<PlacedBlock>, max = Infinity): string[] {
  const commands: string[] = [];
  let first: PlacedBlock | undefined;
  let last: PlacedBlock | undefined;
  const flush = () => {
    if (!first || !last) return;
    if (commands.length >= max)
      throw new StructureError(
        `placing it needs more than ${max.toLocaleString('en-US')} commands (runs of one block along x), the most one placement sends; nothing was sent`,
        { remedy: 'place a smaller structure, or one in parts (save_structure of smaller boxes)' },
      );
    commands.push(
      first === last
        ? `setblock ${first.x} ${first.y} ${first.z} ${first.key}${first.data ?? ''}`
        : `fill ${first.x} ${first.y} ${first.z} ${last.x} ${last.y} ${last.z} ${first.key}`,
    );
  };
  for (const b of blocks) {
    const extends_ =
      first !== undefined &&
      last !== undefined &&
      first.data === undefined &&
      b.data === undefined &&
      b.key === first.key &&
      b.y === first.y &&
      b.z === first.z &&
      b.x === last.x + 1;
    if (extends_) {
      last = b;
      continue;
    }
    flush();
    first = last = b;
  }
  flush();
  return commands;
}

/**
 * Commands that build `structure` with its minimum corner at `origin`, mirrored and rotated. Air is
 * included, so the copy is exact; structure void and states `skip` names are left as the world has them.
 */
export function placeCommands(
  structure: Structure,
  origin: BlockPos,
  transform: Rotation | Transform = 0,
  skip?: (key: string) => boolean,
): string[] {
  return blockCommands(eachPlacedBlock(structure, origin, transform, skip), PLACE_MAX_COMMANDS);
}

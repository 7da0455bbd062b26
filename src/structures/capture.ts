/** From the world to a Structure, and from a Structure back to commands. */
import { boxOf, volumeOf } from '../vocabulary/blocks/box.js';
import type { BlockPos } from '../vocabulary/blocks/box.js';
import { type BlockSource, blockStateKey } from '../vocabulary/blocks/block-state.js';
import { type Rotation, rotateOffset, rotateStateKey } from './rotate.js';
import { STRUCTURE_MAX_BLOCKS, type Structure, StructureError, checkName } from './store.js';

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

/**
 * Commands that build `structure` with its minimum corner at `origin`, rotated clockwise: runs of one
 * state along x become one `fill`, single blocks a `setblock`. Air is included, so the copy is exact.
 */
export function placeCommands(structure: Structure, origin: BlockPos, rotation: Rotation = 0): string[] {
  const { size } = structure;
  const rotated = structure.palette.map((k) => rotateStateKey(k, rotation));
  const width = rotation % 180 === 0 ? size.x : size.z;
  const depth = rotation % 180 === 0 ? size.z : size.x;
  const grid: number[] = new Array(width * depth * size.y).fill(-1);
  let i = 0;
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++) {
        const { dx, dz } = rotateOffset(x, z, size, rotation);
        grid[(y * depth + dz) * width + dx] = structure.blocks[i++]!;
      }
  const commands: string[] = [];
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < depth; z++) {
      let x = 0;
      while (x < width) {
        const state = grid[(y * depth + z) * width + x]!;
        let end = x;
        while (end + 1 < width && grid[(y * depth + z) * width + end + 1] === state) end++;
        const [ax, ay, az] = [origin.x + x, origin.y + y, origin.z + z];
        const key = rotated[state]!;
        commands.push(
          end === x
            ? `setblock ${ax} ${ay} ${az} ${key}`
            : `fill ${ax} ${ay} ${az} ${origin.x + end} ${ay} ${az} ${key}`,
        );
        x = end + 1;
      }
    }
  return commands;
}

/**
 * The words of render_area: what the picture shows and nothing it cannot. A top view shows the top block of
 * each column; an isometric view shows the faces that look up and toward its corner, so a block whose three
 * such faces are all covered by full opaque blocks (in the box, after the cutaway) is not in the picture and
 * not named. What the cutaway left out is named by type, or why nothing was cut.
 */
import type { Box } from '../vocabulary/blocks/box.js';
import type { BlockSource } from '../vocabulary/blocks/block-state.js';
import type { BlockCount, Counts } from '../world-view/legend.js';
import { BlockGrid } from '../world-view/render-grid.js';
import type { Corner } from '../world-view/rotate.js';

export interface CutBlocks {
  fromY: number;
  removed: number;
  blocks: BlockCount[];
}

/** What was left out of the picture, by type, or why nothing was (so that a roof still drawn is explained). */
export function cutawayLine(view: 'isometric' | 'top', cut: CutBlocks | undefined, asked: boolean): string {
  if (!asked) return 'nothing cut away (cutaway: false)';
  if (!cut)
    return "nothing cut away: the box's top layer does not roof over air (to look under a roof, lower to.y below it)";
  const what = cut.blocks.map((b) => `${b.name} ${b.count}`).join(', ');
  const near = view === 'isometric' ? ', and the near walls of the room under it are drawn see-through' : '';
  return `cut away: ${cut.removed} blocks from y ${cut.fromY} up are not drawn (${what})${near}; cutaway: false draws them`;
}

/** A top view shows the top block of each column: only those are named. */
export function topText(shown: readonly string[], counts: Counts): string {
  const unloaded = counts.unloaded > 0 ? `; unloaded (hatched): ${counts.unloaded}` : '';
  const under = counts.blocks.some((b) => !shown.includes(b.name))
    ? '; other blocks lie under them (an isometric view or get_blocks_in_area shows them)'
    : '';
  return `seen from above (the top block of each column): ${shown.join(', ') || 'nothing'}${under}${unloaded}`;
}

/** the two sides an isometric view from this corner looks at, as box-relative steps */
const FACING: Record<Corner, [[number, number], [number, number]]> = {
  'south-east': [
    [1, 0],
    [0, 1],
  ],
  'south-west': [
    [-1, 0],
    [0, 1],
  ],
  'north-west': [
    [-1, 0],
    [0, -1],
  ],
  'north-east': [
    [1, 0],
    [0, -1],
  ],
};

/** The blocks an isometric view from `corner` can show (a face up or toward the corner not covered), with counts. */
export function inViewText(
  source: BlockSource,
  box: Box,
  corner: Corner,
  cutFromY: number | undefined,
  counts: Counts,
): string {
  const grid = new BlockGrid(box, source);
  const cutDy = cutFromY === undefined ? Infinity : cutFromY - box.min.y;
  const { x: sx, y: sy, z: sz } = grid.size;
  const covered = (dx: number, dy: number, dz: number) => dy < cutDy && grid.solidAt(dx, dy, dz);
  const [[ax, az], [bx, bz]] = FACING[corner];
  const byName = new Map<string, number>();
  let hidden = 0;
  for (let dy = 0; dy < Math.min(sy, cutDy); dy++)
    for (let dz = 0; dz < sz; dz++)
      for (let dx = 0; dx < sx; dx++) {
        const cell = grid.at(dx, dy, dz);
        if (cell < 0) continue;
        if (covered(dx, dy + 1, dz) && covered(dx + ax, dy, dz + az) && covered(dx + bx, dy, dz + bz)) {
          hidden++;
          continue;
        }
        const name = grid.palette[cell]!.name;
        byName.set(name, (byName.get(name) ?? 0) + 1);
      }
  const list = [...byName]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
  const behind = hidden ? `; ${hidden} more lie wholly behind others, not in the picture` : '';
  const unloaded = counts.unloaded > 0 ? `; unloaded (hatched): ${counts.unloaded}` : '';
  return `in the picture (blocks with a face it shows): ${list || 'none'}${behind}${unloaded}`;
}

const AIR = new Set(['minecraft:air', 'minecraft:cave_air', 'minecraft:void_air']);

/** The block types of the box from world y `fromY` up, most first. */
export function countLayers(source: BlockSource, box: Box, fromY: number): BlockCount[] {
  const byName = new Map<string, number>();
  for (let y = Math.max(fromY, box.min.y); y <= box.max.y; y++)
    for (let z = box.min.z; z <= box.max.z; z++)
      for (let x = box.min.x; x <= box.max.x; x++) {
        const b = source.readBlock({ x, y, z });
        if (b === 'unloaded' || AIR.has(b.name)) continue;
        const name = b.name.replace(/^minecraft:/, '');
        byName.set(name, (byName.get(name) ?? 0) + 1);
      }
  return [...byName]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

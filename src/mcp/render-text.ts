/**
 * The words of render_area: what the picture shows and nothing it cannot. The blocks named, their counts and
 * the see-through walls are those of the pixels drawn (world-view/render.ts records which block painted each);
 * what shows nowhere is said as such, with the call that shows it. What the cutaway left out is named by
 * type, or why nothing was cut.
 */
import type { Box } from '../vocabulary/blocks/box.js';
import type { BlockSource } from '../vocabulary/blocks/block-state.js';
import type { BlockCount, Counts } from '../world-view/legend.js';
import type { Hidden } from '../world-view/render.js';

export interface CutBlocks {
  fromY: number;
  removed: number;
  blocks: BlockCount[];
}

/** What was left out of the picture, by type, or why nothing was (so that a roof still drawn is explained). */
export function cutawayLine(cut: CutBlocks | undefined, asked: boolean, seeThrough: boolean): string {
  if (!asked) return 'nothing cut away (cutaway: false)';
  if (!cut)
    return "nothing cut away: the box's top layer does not roof over air (to look under a roof, lower to.y below it)";
  const what = cut.blocks.map((b) => `${b.name} ${b.count}`).join(', ');
  // only where the picture has them: a wall with more roof in front of it is drawn solid
  const near = seeThrough ? ', and the near walls of the room under it are drawn see-through' : '';
  return `cut away: ${cut.removed} blocks from y ${cut.fromY} up are not drawn (${what})${near}; cutaway: false draws them`;
}

/** A top view shows the top block of each column: only those are named. */
export function topText(shown: readonly string[], counts: Counts, hidden: Hidden): string {
  const unloaded = counts.unloaded > 0 ? `; unloaded (hatched): ${counts.unloaded}` : '';
  const under =
    hidden.count > 0
      ? '; other blocks lie under them (an isometric view or get_blocks_in_area shows them)'
      : '';
  return `seen from above (the top block of each column): ${shown.join(', ') || 'nothing'}${under}${unloaded}`;
}

/**
 * What an isometric picture shows, counted from the pixels drawn (world-view/render.ts): the blocks with a
 * face in it, how many lie wholly behind others, and the types that show nowhere, with how to see them.
 */
export function inViewText(shown: Counts, hidden: Hidden, box: Box, cutaway: boolean): string {
  const list = shown.blocks.map((b) => `${b.name} ${b.count}`).join(', ');
  const behind = hidden.count ? `; ${hidden.count} more lie wholly behind others, not in the picture` : '';
  const unloaded = shown.unloaded > 0 ? `; unloaded (hatched): ${shown.unloaded}` : '';
  return `in the picture (blocks with a face it shows): ${list || 'none'}${behind}${unloaded}${unseenText(hidden, box, cutaway)}`;
}

/** The types that show nowhere, and the call that shows them: the box cut down to their top layer. */
function unseenText(hidden: Hidden, box: Box, cutaway: boolean): string {
  if (hidden.unseen.length === 0) return '';
  const what = hidden.unseen.map((b) => `${b.name} ${b.count}`).join(', ');
  const y = hidden.unseenTopY;
  const how =
    y !== undefined && y < box.max.y
      ? `to see them, render the box with to.y ${y} (their top layer, then seen from above)${cutaway ? '' : ' or without cutaway: false'}`
      : `to see them, render from another corner, or view top${cutaway ? '' : ', or without cutaway: false'}`;
  return `; hidden inside or behind what is drawn, not in the picture at all: ${what} — ${how}`;
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

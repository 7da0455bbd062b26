/** The regions a block write can change, as inclusive boxes. */
import type { BlockWrite } from './block-write.js';
import { type BlockPos, type Box, boxOf, volumeOf } from '../vocabulary/blocks/box.js';

export interface WriteRegion {
  box: Box;
  /** the dimension of this box, when the parser knew it */
  dimension?: string;
}

/**
 * Every box the write can change, with its dimension: for clone the destination (the source region
 * shifted so its lowest corner is at `destination`), plus the source itself for `move`, which empties it.
 */
export function regionsOfWrite(w: BlockWrite): WriteRegion[] {
  const inDim = (box: Box, dimension: string | undefined): WriteRegion =>
    dimension === undefined ? { box } : { box, dimension };
  switch (w.kind) {
    case 'setblock':
      return [inDim(boxOf(w.pos, w.pos), w.dimension)];
    case 'fill':
      return [inDim(boxOf(w.from, w.to), w.dimension)];
    case 'clone': {
      const source = boxOf(w.from, w.to);
      const regions = [inDim(cloneDestination(w.destination, source), w.dimension)];
      if (w.cloneMode === 'move') regions.push(inDim(source, w.sourceDimension ?? w.dimension));
      return regions;
    }
  }
}

/** Where a clone of `source` lands: the source shifted so that its lowest corner is at `d`. */
const cloneDestination = (d: BlockPos, source: Box): Box => ({
  min: d,
  max: {
    x: d.x + source.max.x - source.min.x,
    y: d.y + source.max.y - source.min.y,
    z: d.z + source.max.z - source.min.z,
  },
});

/** The boxes a write can change (see `regionsOfWrite`, which also says in which dimension). */
export function boxOfWrite(w: BlockWrite): Box[] {
  return regionsOfWrite(w).map((r) => r.box);
}

/** Blocks the command itself counts against `commandModificationBlockLimit` (fill region, clone source). */
export function commandVolume(w: BlockWrite): number {
  switch (w.kind) {
    case 'setblock':
      return 1;
    case 'fill':
      return volumeOf(boxOf(w.from, w.to));
    case 'clone':
      return volumeOf(boxOf(w.from, w.to));
  }
}

/** Boxes a write reads or changes: its target boxes, and for clone also the source. */
export function boxesTouched(writes: readonly BlockWrite[]): Box[] {
  // a loop, not `regionsOfWrite`: the execute path asks once per command of a batch and once for all of them
  const boxes: Box[] = [];
  for (const w of writes) {
    if (w.unresolved) continue;
    if (w.kind === 'setblock') boxes.push(boxOf(w.pos, w.pos));
    else if (w.kind === 'fill') boxes.push(boxOf(w.from, w.to));
    else {
      const source = boxOf(w.from, w.to);
      boxes.push(cloneDestination(w.destination, source), source);
    }
  }
  return boxes;
}

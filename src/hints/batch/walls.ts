/** Walls from 1-thick vertical fills, merged where a wall was built in pieces. */
import type { BlockSpec } from '../../commands/block-write.js';
import type { Wall } from '../context.js';
import { boxOf } from '../geometry.js';

/** One straight run of wall. `plane: 'x'` = constant x, running from `from` to `to` along z. */
export interface Segment {
  plane: 'x' | 'z';
  at: number;
  from: number;
  to: number;
  y0: number;
  y1: number;
  block: BlockSpec;
  entries: number[];
}

export const segmentToWall = (s: Segment): Wall => ({
  plane: s.plane,
  block: s.block,
  entries: s.entries,
  box:
    s.plane === 'x'
      ? boxOf({ x: s.at, y: s.y0, z: s.from }, { x: s.at, y: s.y1, z: s.to })
      : boxOf({ x: s.from, y: s.y0, z: s.at }, { x: s.to, y: s.y1, z: s.at }),
});

/** Joins collinear runs of the same height that touch or overlap. Input order decides ties. */
export const mergeSegments = (segments: readonly Segment[]): Segment[] => {
  const groups = new Map<string, Segment[]>();
  for (const s of segments) {
    const key = `${s.plane}:${s.at}:${s.y0}:${s.y1}`;
    const group = groups.get(key) ?? [];
    group.push(s);
    groups.set(key, group);
  }
  const merged: Segment[] = [];
  for (const group of groups.values()) {
    const sorted = [...group].sort((a, b) => a.from - b.from);
    let current: Segment | undefined;
    for (const s of sorted) {
      if (current && s.from <= current.to + 1) {
        current.to = Math.max(current.to, s.to);
        current.entries = [...new Set([...current.entries, ...s.entries])].sort((a, b) => a - b);
        continue;
      }
      if (current) merged.push(current);
      current = { ...s, entries: [...s.entries] };
    }
    if (current) merged.push(current);
  }
  return merged;
};

export const covers = (s: Segment, along: number): boolean => along >= s.from && along <= s.to;

/** How far `along` lies outside the run (0 when covered). */
export const distanceOutside = (s: Segment, along: number): number =>
  along < s.from ? s.from - along : along > s.to ? along - s.to : 0;

export const yOverlap = (a: Segment, b: Segment): [number, number] | undefined => {
  const lo = Math.max(a.y0, b.y0);
  const hi = Math.min(a.y1, b.y1);
  return lo <= hi ? [lo, hi] : undefined;
};

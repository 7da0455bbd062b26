/**
 * The hints' region is read only where a hint can come from it: a batch placed as its own design (a
 * structure file: no advice about rooms) does not search the air around its writes for rooms (it reads one cell
 * per chunk column there, to say whether the column is loaded). Counted through the
 * block source the region reads (an in-memory world; the reads are only counted).
 */
import { expect, test } from 'vitest';
import { postExecuteHints, writtenBoxes } from '../../src/hints/post-execute.js';
import { regionAround, WorldRegion } from '../../src/hints/model/world-region.js';
import type { BlockPos } from '../../src/vocabulary/blocks/box.js';
import { batch, ok } from './helpers.js';
import { SmallWorld } from './small-world.js';

/** a stone box 7 × 5 × 7 with its inside left as it was (air): a closed room, no door */
const ROOM = 'fill 0 64 0 6 68 6 minecraft:stone outline';
/** outside the box the batch wrote: what only a search for rooms around it reads */
const around = (p: BlockPos) => p.x < 0 || p.x > 6 || p.y < 64 || p.y > 68 || p.z < 0 || p.z > 6;

const readsFor = (designAdvice: boolean) => {
  const world = new SmallWorld().run('fill -10 63 -10 16 63 16 minecraft:dirt', ROOM);
  const read: BlockPos[] = [];
  const counted = { readBlock: (p: BlockPos) => (read.push(p), world.readBlock(p)) };
  const entries = batch(ok(ROOM));
  const region = new WorldRegion(regionAround(writtenBoxes(entries))!, counted);
  const hints = postExecuteHints({ entries, tool: 'execute_commands', world: { region }, designAdvice });
  return { read, hints };
};

test('a batch given no design advice searches no rooms: nothing around the box it wrote is read', () => {
  const advised = readsFor(true);
  // with advice, the closed room is found in the world and said to have no door, and the air around it read
  expect(advised.hints?.nextSteps?.map((s) => s.action)).toContain('add_door');
  expect(advised.read.filter(around).length).toBeGreaterThan(0);

  const plain = readsFor(false);
  expect(plain.hints?.nextSteps?.map((s) => s.action) ?? []).not.toContain('add_door');
  // around the box only whether each chunk column is loaded: one cell per column the box takes in (worldRead)
  const columns = new Set(plain.read.filter(around).map((p) => `${p.x >> 4},${p.z >> 4}`));
  expect(plain.read.filter(around).length).toBe(columns.size);
  expect(columns.size).toBeLessThanOrEqual(4);
  expect(plain.read.length).toBeLessThan(advised.read.length);
});

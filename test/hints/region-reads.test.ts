/**
 * A batch placed as its own design (a structure file) gets no advice about its rooms, but its rooms are named
 * all the same: which rooms an answer describes is a fact of the building model, for every kind of write. The
 * hints' region is read for it as for any batch; the reads are counted through the block source the region
 * reads (an in-memory world).
 */
import { expect, test } from 'vitest';
import { postExecuteHints, writtenBoxes } from '../../src/hints/post-execute.js';
import { WorldRegion } from '../../src/hints/model/world-region.js';
import { regionAround } from '../../src/hints/model/hint-region.js';
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

test('a batch given no design advice names the room it wrote, and advises nothing about it', () => {
  const advised = readsFor(true);
  // with advice, the closed room is found in the world and said to have no door, and the air around it read
  expect(advised.hints?.nextSteps?.map((s) => s.action)).toContain('add_door');
  expect(advised.read.filter(around).length).toBeGreaterThan(0);

  const plain = readsFor(false);
  expect(plain.hints?.nextSteps?.map((s) => s.action) ?? []).not.toContain('add_door');
  // the same room, found the same way: named with its box and what it lacks
  expect(plain.hints?.moduleHints?.join(' ')).toContain(
    'The writes touched the 5×3×5 room at (0,64,0)–(6,68,6): no way in yet.',
  );
  // each position is read once, however many rules ask
  expect(new Set(plain.read.map((p) => `${p.x},${p.y},${p.z}`)).size).toBe(plain.read.length);
});

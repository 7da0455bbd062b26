/**
 * A generated building through the real hints entry point: the batch that built it as applied, verified
 * entries, and a WorldRegion over the generated world, read and grown the way the execute path reads the world.
 */
import {
  type ActionHints,
  hintRegion,
  postExecuteHints,
  regionAround,
  WorldRegion,
  writtenBoxes,
} from '../../src/hints/index.js';
import type { BlockSource } from '../../src/vocabulary/blocks/block-state.js';
import { batch, ok } from '../hints/helpers.js';
import { generate, type GenerateOptions } from './generator.js';
import type { Building } from './generator.js';
import { type Failure, judge } from './judge.js';

export const hintsFor = (b: Building): ActionHints | undefined => {
  const entries = batch(...b.commands.map((c) => ok(c, 'verified')));
  const writes = writtenBoxes(entries);
  const box = regionAround(writes);
  const source: BlockSource = { readBlock: (p) => b.grid.get(p) };
  // grown as the execute path grows it (execute/hint-world.ts): to the building, its ground and its rooms
  const world = box
    ? { region: new WorldRegion(hintRegion(box, writes, source), source) }
    : { notRead: 'too big' };
  return postExecuteHints({ entries, tool: 'execute_commands', world }, (err) => {
    throw err;
  });
};

/** Generates the building of `seed`, asks the hints about it and judges their answer. */
export const trial = (
  seed: number,
  options: GenerateOptions = {},
): { building: Building; failures: Failure[] } => {
  const building = generate(seed, options);
  return { building, failures: judge(building, hintsFor(building)) };
};

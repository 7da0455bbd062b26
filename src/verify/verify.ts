/**
 * Verification of a batch's block writes against the world after the batch. The batch is replayed over
 * `before` (when given) so every write sees what the earlier ones left; a write is judged only on the
 * positions no later write touched.
 */
import type { BlockWrite } from '../commands/block-write.js';
import { type BlockSource, type BlockState, blockStateKey } from '../vocabulary/blocks/block-state.js';
import { comparePos, posKey } from '../vocabulary/blocks/box.js';
import {
  type ExpectedSet,
  type ExpectOptions,
  expectedBlocks,
  type PositionExpectation,
  type PriorSource,
  type PriorState,
  stateMatches,
} from './expected.js';
import { MAX_MISMATCHES, type Verification } from '../results/verification.js';

export interface VerifyOptions extends ExpectOptions {
  /** the dimension `after` and `before` read; writes known to be elsewhere are not checked */
  dimension?: string;
}

const otherDimension = (write: BlockWrite, options: VerifyOptions): boolean =>
  write.dimension !== undefined && options.dimension !== undefined && write.dimension !== options.dimension;

/**
 * One verification per write, in order. Pass only writes the game applied (a failed command changed
 * nothing, so judging it would report mismatches), in batch order. `before` is the world before the
 * batch: a `BeforeSnapshot` taken before sending, or any `BlockSource` that still shows that world.
 */
export function verifyWrites(
  writes: readonly BlockWrite[],
  after: BlockSource,
  before?: PriorSource,
  options: VerifyOptions = {},
): Verification[] {
  // the world as the batch left it so far: what each write expects, over `before`
  const overlay = new Map<string, PriorState>();
  const prior: PriorSource = {
    readBlock: (pos) => overlay.get(posKey(pos)) ?? before?.readBlock(pos) ?? 'unknown',
  };
  const sets: Array<ExpectedSet | undefined> = [];
  const lastWriter = new Map<string, number>();
  writes.forEach((write, index) => {
    if (otherDimension(write, options)) {
      sets.push(undefined);
      return;
    }
    const set = expectedBlocks(write, prior, options);
    sets.push(set);
    for (const [key, { expect }] of set.entries) {
      overlay.set(key, expect.kind === 'state' ? expect.state : 'unknown');
      lastWriter.set(key, index);
    }
  });
  const lastUnresolved = writes.findLastIndex((w) => w.unresolved && !otherDimension(w, options));

  return writes.map((write, index): Verification => {
    const set = sets[index];
    if (!set) return notChecked(`it wrote in ${write.dimension}, not in ${options.dimension}`);
    if (set.notCheckable) return notChecked(set.notCheckable);
    if (index < lastUnresolved) return notChecked('a later write of the batch went to unresolved positions');
    const own: PositionExpectation[] = [];
    let overridden = 0;
    for (const [key, entry] of set.entries) {
      if (lastWriter.get(key) === index) own.push(entry);
      else overridden++;
    }
    own.sort((a, b) => comparePos(a.pos, b.pos));
    return judge(own, after, overridden);
  });
}

function judge(entries: PositionExpectation[], after: BlockSource, overridden: number): Verification {
  let checked = 0;
  let matched = 0;
  let unloaded = 0;
  let unknown = 0;
  const mismatches: Verification['mismatches'] = [];
  const reasons = new Set<string>();
  for (const { pos, expect } of entries) {
    const actual = after.readBlock(pos);
    if (actual === 'unloaded') {
      unloaded++;
      continue;
    }
    if (expect.kind === 'unknown') {
      if (expect.candidate && stateMatches(expect.candidate, actual)) {
        checked++;
        matched++;
      } else {
        unknown++;
        reasons.add(expect.reason);
      }
      continue;
    }
    checked++;
    if (stateMatches(expect.state, actual)) matched++;
    else if (mismatches.length < MAX_MISMATCHES) mismatches.push(mismatch(pos, expect.state, actual));
  }
  const status =
    checked > matched ? 'mismatch' : unloaded > 0 ? 'unloaded' : checked === 0 ? 'not_checked' : 'verified';
  const result: Verification = { status, checked, matched, mismatches };
  if (unloaded > 0) result.unloaded = unloaded;
  if (unknown > 0) result.notChecked = unknown;
  if (overridden > 0) result.overridden = overridden;
  if (reasons.size > 0) result.reason = [...reasons].join('; ');
  else if (entries.length === 0) {
    result.reason =
      overridden > 0
        ? 'every position it wrote was written again by a later write of the batch'
        : 'it changed no position (all were skipped by keep, the filter or the mask)';
  }
  return result;
}

const mismatch = (pos: { x: number; y: number; z: number }, expected: BlockState, actual: BlockState) => ({
  x: pos.x,
  y: pos.y,
  z: pos.z,
  expected: blockStateKey(expected),
  actual: blockStateKey(actual),
});

const notChecked = (reason: string): Verification => ({
  status: 'not_checked',
  checked: 0,
  matched: 0,
  mismatches: [],
  reason,
});

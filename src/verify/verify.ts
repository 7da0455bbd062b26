/**
 * Verification of a batch's block writes against the world after the batch. The batch is replayed over
 * `before` (when given) so every write sees what the earlier ones left; a write is judged only on the
 * positions no later write touched. A named property that vanilla's shape rules set (a pane's side, a
 * stair's shape: block-behaviour's `shapeProperties`) is not held against the world where the game may have
 * changed it: on a server before 1.21.4 (`BlockInput.place` keeps no named properties there) and where a
 * block placed later stands beside it (placement.ts).
 */
import type { BlockWrite } from '../commands/block-write.js';
import { type BlockSource, type BlockState, blockStateKey, isAir } from '../vocabulary/blocks/block-state.js';
import { type BlockPos, comparePos, posKey } from '../vocabulary/blocks/box.js';
import {
  type Placement,
  placementOf,
  SHAPES_VERSION,
  shapeProperties,
} from '../vocabulary/block-behaviour/index.js';
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
  /** the server's version: whether the properties a command named stay over the shaped state (1.21.4+) */
  version?: string;
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
  // the last write at each position that updated its neighbours' shapes (any but `strict`)
  const lastShaper = new Map<string, number>();
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
      if (!isStrict(write)) lastShaper.set(key, index);
    }
  });
  const placement = placementOf(options.version ?? SHAPES_VERSION);
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
    const shapedLater = (pos: BlockPos) => shapedAfter(write, index, pos, lastShaper);
    return judge(
      own.map((e) => leaveShapesToTheGame(e, write, placement, shapedLater, prior)),
      after,
      overridden,
    );
  });
}

const isStrict = (w: BlockWrite): boolean => w.kind !== 'clone' && w.strict === true;

/** the 26 cells around a position */
const AROUND = [-1, 0, 1].flatMap((dx) =>
  [-1, 0, 1].flatMap((dy) => [-1, 0, 1].flatMap((dz) => (dx || dy || dz ? [[dx, dy, dz] as const] : []))),
);

/**
 * Whether a block the game placed after this write's block at `pos` stands beside it and so updated its
 * shape: a later write of the batch (not `strict`), or a later block of the same fill (BlockPos.betweenClosed:
 * x fastest, then y, then z).
 */
function shapedAfter(
  write: BlockWrite,
  index: number,
  pos: BlockPos,
  lastShaper: Map<string, number>,
): boolean {
  return AROUND.some(([dx, dy, dz]) => {
    const by = lastShaper.get(posKey({ x: pos.x + dx, y: pos.y + dy, z: pos.z + dz }));
    if (by === undefined || by < index) return false;
    if (by > index) return true;
    return (
      write.kind === 'fill' && !isStrict(write) && (dz > 0 || (dz === 0 && (dy > 0 || (dy === 0 && dx > 0))))
    );
  });
}

/**
 * The expectation without the named properties the game's shape rules may legitimately have changed: all of
 * them on a server that does not keep named properties (before 1.21.4), and those of a block a later
 * neighbour shaped. The block and its other properties are still compared.
 */
function leaveShapesToTheGame(
  entry: PositionExpectation,
  write: BlockWrite,
  placement: Placement,
  shapedLater: (pos: BlockPos) => boolean,
  world: PriorSource,
): PositionExpectation {
  if (entry.expect.kind !== 'state') return entry;
  const state = entry.expect.state;
  const shaped = shapeProperties(state).filter((k) => state.properties[k] !== undefined);
  if (shaped.length === 0) return entry;
  const placedShaped =
    write.kind !== 'clone' &&
    !isStrict(write) &&
    !placement.keepsNamedProperties &&
    !aloneHalf(state, entry.pos, world);
  if (!placedShaped && !shapedLater(entry.pos)) return entry;
  const properties = Object.fromEntries(
    Object.entries(state.properties).filter(([k]) => !shaped.includes(k)),
  );
  return { pos: entry.pos, expect: { kind: 'state', state: { name: state.name, properties } } };
}

/**
 * A door half whose other half's cell holds air, as the batch left it: DoorBlock.updateShape turns it into
 * air, so BlockInput.place puts the written state in as it is.
 */
function aloneHalf(state: BlockState, pos: BlockPos, world: PriorSource): boolean {
  if (!/_door$/.test(state.name)) return false;
  const dy = state.properties['half'] === 'upper' ? -1 : 1;
  const other = world.readBlock({ x: pos.x, y: pos.y + dy, z: pos.z });
  return other !== 'unknown' && other !== 'unloaded' && isAir(other);
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

/**
 * What the world should hold after one block-writing command, computed from the command itself and, for
 * the modes that depend on it (keep, replace <filter>, clone), from what was there before.
 *
 * Expected states hold only the states the command spelled out (for clone: every state of the copied
 * block). States the command did not name are not compared: vanilla runs `updateFromNeighbourShapes`
 * on placement, so unnamed shape states (pane/fence/wall connections, stair shape…) legitimately differ
 * from the block's defaults. A named state that the game changed on placement is reported as a mismatch.
 */
import type { BlockFilter, BlockSpec, BlockWrite } from '../commands/block-write.js';
import type { BlockPos } from '../vocabulary/blocks/box.js';
import { AIR, AIR_NAMES, type BlockState, isAir, namespaced } from '../vocabulary/blocks/block-state.js';
import { boxOf, onShell, positions, posKey } from '../vocabulary/blocks/box.js';

/** A state the world may hold before a write: known (fully or only the named states), or unknown. */
export type PriorState = BlockState | 'unloaded' | 'unknown';
/** What expectations are computed from; any `BlockSource` is one. */
export interface PriorSource {
  readBlock(pos: BlockPos): PriorState;
}

export type Expectation =
  /** the block must be `state.name` with (at least) `state.properties` */
  | { kind: 'state'; state: BlockState }
  /** the write touched the position but what it left there depends on something unknown */
  | { kind: 'unknown'; reason: string; candidate?: BlockState };

export interface PositionExpectation {
  pos: BlockPos;
  expect: Expectation;
}

export interface ExpectedSet {
  /** every position the write may have changed, keyed by `x,y,z`; untouched positions are absent */
  entries: Map<string, PositionExpectation>;
  /** set when nothing can be said about the write at all (e.g. unresolved relative coordinates) */
  notCheckable?: string;
}

export interface ExpectOptions {
  /** block tags (`planks` or `minecraft:planks`) -> block ids, for `#tag` filters; unknown without */
  blockTags?: Readonly<Record<string, readonly string[]>>;
}

const specState = (spec: BlockSpec): BlockState => ({
  name: namespaced(spec.name),
  properties: { ...spec.states },
});

/** Whether `actual` satisfies `expected` (only the states `expected` names; any air counts as air). */
export function stateMatches(expected: BlockState, actual: BlockState): boolean {
  if (AIR_NAMES.has(expected.name)) return isAir(actual);
  if (expected.name !== actual.name) return false;
  return Object.entries(expected.properties).every(([k, v]) => actual.properties[k] === v);
}

function statesMatch(wanted: Record<string, string>, state: BlockState): boolean | 'unknown' {
  for (const [k, v] of Object.entries(wanted)) {
    const have = state.properties[k];
    if (have === undefined) return 'unknown';
    if (have !== v) return false;
  }
  return true;
}

/** Whether a filter accepts a prior state; `'unknown'` when that cannot be told. */
export function filterAccepts(
  filter: BlockFilter,
  prior: PriorState,
  options: ExpectOptions,
): boolean | 'unknown' {
  if (prior === 'unknown' || prior === 'unloaded') return 'unknown';
  if (filter.kind === 'block') {
    if (namespaced(filter.block.name) !== prior.name) return false;
    return statesMatch(filter.block.states, prior);
  }
  const tag = namespaced(filter.tag.replace(/^#/, ''));
  const tags = options.blockTags;
  const members = tags?.[tag] ?? tags?.[tag.replace(/^minecraft:/, '')];
  if (!members) return 'unknown';
  if (!members.some((m) => namespaced(m) === prior.name)) return false;
  return statesMatch(filter.states, prior);
}

const unknownBefore = (prior: PriorState): string =>
  prior === 'unloaded' ? 'the position was unloaded before' : 'what was there before is unknown';

export function expectedBlocks(
  write: BlockWrite,
  before: PriorSource | undefined,
  options: ExpectOptions = {},
): ExpectedSet {
  const entries = new Map<string, PositionExpectation>();
  if (write.unresolved) {
    return {
      entries,
      notCheckable: 'its relative coordinates could not be resolved (executor position unknown)',
    };
  }
  const put = (pos: BlockPos, expect: Expectation) => entries.set(posKey(pos), { pos, expect });
  const priorAt = (pos: BlockPos): PriorState => before?.readBlock(pos) ?? 'unknown';

  /** keep: only air is replaced */
  const keep = (pos: BlockPos, state: BlockState) => {
    const prior = priorAt(pos);
    if (prior === 'unknown' || prior === 'unloaded') {
      put(pos, { kind: 'unknown', reason: `keep: ${unknownBefore(prior)}`, candidate: state });
    } else if (isAir(prior)) put(pos, { kind: 'state', state });
  };
  const filtered = (pos: BlockPos, state: BlockState, filter: BlockFilter) => {
    const prior = priorAt(pos);
    const accepts = filterAccepts(filter, prior, options);
    if (accepts === true) put(pos, { kind: 'state', state });
    else if (accepts === 'unknown') {
      const why =
        prior === 'unknown' || prior === 'unloaded'
          ? unknownBefore(prior)
          : filter.kind === 'tag'
            ? `the members of #${filter.tag.replace(/^#/, '')} are unknown`
            : 'the filter names states the prior block state does not show';
      put(pos, { kind: 'unknown', reason: `replace filter: ${why}`, candidate: state });
    }
  };

  switch (write.kind) {
    case 'setblock': {
      const state = specState(write.block);
      if (write.mode === 'keep') keep(write.pos, state);
      else put(write.pos, { kind: 'state', state });
      break;
    }
    case 'fill': {
      const state = specState(write.block);
      const box = boxOf(write.from, write.to);
      for (const pos of positions(box)) {
        const shell = onShell(box, pos);
        if (write.mode === 'hollow') put(pos, { kind: 'state', state: shell ? state : AIR });
        else if (write.mode === 'outline') {
          if (shell) put(pos, { kind: 'state', state });
        } else if (write.mode === 'keep') keep(pos, state);
        else if (write.mode === 'replace' && write.filter) filtered(pos, state, write.filter);
        else put(pos, { kind: 'state', state });
      }
      break;
    }
    case 'clone':
      cloneExpectations(write, priorAt, options, put);
      break;
  }
  return { entries };
}

function cloneExpectations(
  write: Extract<BlockWrite, { kind: 'clone' }>,
  priorAt: (pos: BlockPos) => PriorState,
  options: ExpectOptions,
  put: (pos: BlockPos, expect: Expectation) => void,
): void {
  const source = boxOf(write.from, write.to);
  const offset = {
    x: write.destination.x - source.min.x,
    y: write.destination.y - source.min.y,
    z: write.destination.z - source.min.z,
  };
  const crossDimension =
    write.sourceDimension !== undefined &&
    write.sourceDimension !== (write.dimension ?? write.sourceDimension);
  // vanilla reads the whole source before writing, so with `force` overlaps copy the old blocks
  const copies: Array<{ src: BlockPos; dst: BlockPos; expect: Expectation }> = [];
  for (const src of positions(source)) {
    const dst = { x: src.x + offset.x, y: src.y + offset.y, z: src.z + offset.z };
    const prior = crossDimension ? 'unknown' : priorAt(src);
    const known = prior !== 'unknown' && prior !== 'unloaded';
    const reason = crossDimension
      ? 'clone from another dimension'
      : `clone: the source block ${unknownBefore(prior)}`;
    let copied: boolean | 'unknown' = true;
    if (write.maskMode === 'masked') copied = known ? !isAir(prior) : 'unknown';
    else if (write.maskMode === 'filtered' && write.filter)
      copied = filterAccepts(write.filter, prior, options);
    if (copied === false) continue;
    const expect: Expectation =
      copied === true && known ? { kind: 'state', state: prior } : { kind: 'unknown', reason };
    copies.push({ src, dst, expect });
  }
  if (write.cloneMode === 'move' && !crossDimension) {
    for (const c of copies) {
      put(
        c.src,
        c.expect.kind === 'state' || write.maskMode === 'replace'
          ? { kind: 'state', state: AIR }
          : { kind: 'unknown', reason: 'move: whether this block was moved is unknown', candidate: AIR },
      );
    }
  }
  for (const c of copies) put(c.dst, c.expect);
}

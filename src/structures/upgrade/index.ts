/**
 * One reading for every structure file: its block states, written at the file's DataVersion, become the
 * states of the server it is placed on — read (formats/) → flattened if pre-1.13 (flattening.ts) → upgraded
 * or downgraded by DataVersion (rules.ts, vanilla's DataFixers in order) → neighbour shapes (shapes.ts, by
 * vocabulary/block-behaviour: the world shapes what is placed the same way) →
 * checked against the server's blocks. Nothing is dropped silently: a state the server lacks is named in
 * the report with the reason.
 */
import { type BlockState, blockStateKey, parseBlockStateKey } from '../../vocabulary/blocks/block-state.js';
import { STRUCTURE_VOID, type Structure } from '../store.js';
import { FLATTENING_DATA_VERSION, releaseOfDataVersion } from './data-versions.js';
import { RULES } from './rules.js';
import { type Undecided, updateShapes } from './shapes.js';

export { dataVersionOfRelease, releaseOfDataVersion } from './data-versions.js';
export { flattenLegacy, fillLegacyGaps } from './flattening.js';

export interface UpgradeTarget {
  /** the server's release, e.g. 1.21.4 */
  version: string;
  dataVersion: number;
  /** the block's properties on the server (name and allowed values); undefined when it has no such block */
  states(name: string): ReadonlyArray<{ name: string; type: string; values?: string[] }> | undefined;
}

export interface UpgradeChange {
  rule: string;
  blocks: number;
}
export interface NotPlaceable {
  state: string;
  blocks: number;
  reason: string;
}
export interface UpgradeReport {
  /** the version the file was written in, e.g. "1.16.4 (DataVersion 2584)" */
  writtenIn: string;
  fromDataVersion?: number;
  toDataVersion: number;
  /** blocks each rule changed, in the order they ran */
  changes: UpgradeChange[];
  /** states the server cannot hold as written, and why */
  notPlaceable: NotPlaceable[];
  /** neighbour-dependent states kept as the file has them because their rule needs a shape the state does not tell */
  undecided: Undecided[];
}

/** The structure as the server reads it, and what that took. Structures saved by mcbridge pass unchanged. */
export function upgradeStructure(
  structure: Structure,
  target: UpgradeTarget,
  /** the world's block beside the structure, at a position outside it in the structure's own frame */
  around?: (x: number, y: number, z: number) => BlockState | undefined,
): { structure: Structure; report: UpgradeReport } {
  const from = structure.dataVersion;
  const to = target.dataVersion;
  const writtenIn =
    structure.writtenIn ??
    (from === undefined
      ? `this server's version (${target.version})`
      : `${releaseOfDataVersion(from)} (DataVersion ${from})`);
  const changes: UpgradeChange[] = [...(structure.conversions ?? [])];
  const uses = new Array<number>(structure.palette.length).fill(0);
  for (const b of structure.blocks) uses[b] = (uses[b] ?? 0) + 1;
  let states: Array<BlockState | undefined> = structure.palette.map((key) => {
    try {
      return parseBlockStateKey(key);
    } catch {
      return undefined;
    }
  });

  if (from !== undefined && from !== to) {
    const rows =
      from < to
        ? RULES.filter((r) => r.dataVersion > from && r.dataVersion <= to)
        : [...RULES].filter((r) => r.dataVersion > to && r.dataVersion <= from).reverse();
    for (const rule of rows) {
      let blocks = 0;
      states = states.map((s, i) => {
        if (!s) return s;
        const next = from < to ? rule.up(s) : rule.down?.(s);
        if (!next) return s;
        blocks += uses[i]!;
        return next;
      });
      if (blocks)
        changes.push({
          rule: `${rule.fixer} (${from < to ? '' : 'back before '}DataVersion ${rule.dataVersion})`,
          blocks,
        });
    }
  }

  const undecided: Undecided[] = [];
  let palette = structure.palette.map((key, i) => (states[i] ? blockStateKey(states[i]) : key));
  let blocks = structure.blocks;
  // placed by any version, the blocks take their shapes from each other (a downgrade too)
  if (from !== undefined && from !== to) {
    const grid = {
      size: structure.size,
      states: blocks.map((b) => states[b] ?? { name: palette[b]!, properties: {} }),
    };
    const shaped = updateShapes(grid, around, from <= FLATTENING_DATA_VERSION);
    for (const [rule, n] of Object.entries(shaped.changed)) changes.push({ rule, blocks: n });
    undecided.push(...shaped.undecided);
    // a block the shapes left alone is still its palette entry's object: its key is known
    const keyOf = new Map<BlockState, string>();
    grid.states.forEach((s, i) => {
      if (!keyOf.has(s)) keyOf.set(s, states[blocks[i]!] === s ? palette[blocks[i]!]! : blockStateKey(s));
    });
    ({ palette, blocks } = repalette(grid.states.map((s) => keyOf.get(s)!)));
  }

  const notPlaceable: NotPlaceable[] = [];
  const counts = new Array<number>(palette.length).fill(0);
  for (const b of blocks) counts[b] = (counts[b] ?? 0) + 1;
  palette = palette.map((key, i) => {
    const checked = checkState(key, target);
    if (checked.reason && counts[i])
      notPlaceable.push({ state: key, blocks: counts[i]!, reason: checked.reason });
    return checked.key;
  });

  const { conversions: _c, writtenIn: _w, ...rest } = structure;
  return {
    structure: { ...rest, palette, blocks, ...(from !== undefined ? { dataVersion: to } : {}) },
    report: {
      writtenIn,
      ...(from !== undefined ? { fromDataVersion: from } : {}),
      toDataVersion: to,
      changes,
      notPlaceable,
      undecided,
    },
  };
}

function repalette(keys: string[]): { palette: string[]; blocks: number[] } {
  const palette: string[] = [];
  const index = new Map<string, number>();
  const blocks = keys.map((key) => {
    let i = index.get(key);
    if (i === undefined) {
      i = palette.push(key) - 1;
      index.set(key, i);
    }
    return i;
  });
  return { palette, blocks };
}

/**
 * A state as the server can hold it: properties it does not have are left out and values it does not
 * allow are left to the block's default, each named in `reason`; a block it lacks keeps its key (the tools
 * list it as unknown and never send it).
 */
function checkState(key: string, target: UpgradeTarget): { key: string; reason?: string } {
  if (key === STRUCTURE_VOID) return { key };
  let state: BlockState;
  try {
    state = parseBlockStateKey(key);
  } catch {
    return { key, reason: 'not a block state' };
  }
  const legacy = /^mcedit:unknown_(\d+)_(\d+)$/.exec(state.name);
  if (legacy)
    return {
      key,
      reason: `numeric id ${legacy[1]}:${legacy[2]} has no block in vanilla's 1.13 flattening table`,
    };
  if (!state.name.startsWith('minecraft:')) return { key, reason: `${state.name} is not a vanilla block` };
  const props = target.states(state.name);
  if (!props) return { key, reason: `${target.version} has no block ${state.name}` };
  const dropped: string[] = [];
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(state.properties)) {
    const p = props.find((q) => q.name === k);
    const allowed = p ? (p.values ?? (p.type === 'bool' ? ['true', 'false'] : undefined)) : undefined;
    if (!p) dropped.push(`${k}=${v} (no such property in ${target.version})`);
    else if (allowed && !allowed.includes(v))
      dropped.push(`${k}=${v} (${target.version} allows ${allowed.join(', ')})`);
    else kept[k] = v;
  }
  if (!dropped.length) return { key };
  const next = blockStateKey({ name: state.name, properties: kept });
  return { key: next, reason: `placed as ${next}: ${dropped.join('; ')}` };
}

/**
 * Undo's core: put back the newest recorded batches of a connection from their snapshots and read them
 * back. It never guesses: at a batch that was not recorded it stops (unless told to pass it), and an entry
 * whose restore does not read back as the snapshot stays in the history. Before a restore it reads which
 * blocks still differ from the snapshot, so that it can say how many it changed back and how many already
 * matched (a batch that found a block already right did not change it).
 */
import { captureFenced } from '../capture/fenced.js';
import { captureSerial } from '../capture/serial.js';
import { channelBlockSource, prepareReads } from '../connection/block-reads.js';
import type { ConnectionSession } from '../connection/session.js';
import type { UndoEntryView, UndoLastResult } from '../results/undo.js';
import type { BlockSource } from '../vocabulary/blocks/block-state.js';
import { type Snapshot, stateNow } from './snapshot.js';
import { MAX_LISTED, type RestoreReport, restoreSnapshot } from './transaction.js';
import type { RecordedUndo, UndoHistory } from './undo.js';

/** Undoes up to `steps` recorded batches, newest first; the caller holds the session's queue. */
export async function undoSteps(
  session: ConnectionSession,
  history: UndoHistory,
  steps: number,
  pastUnrecorded: boolean,
): Promise<UndoLastResult> {
  const out: UndoLastResult = {
    undone: [],
    passed: [],
    remaining: 0,
    undoableNow: 0,
    barriers: 0,
    entries: [],
  };
  const source = channelBlockSource(session.channel);
  while (out.undone.length < steps) {
    const entry = history.peek();
    if (!entry) break;
    if (entry.kind === 'not_recorded') {
      const marker = { label: entry.label, at: entry.at, reason: entry.reason };
      if (!pastUnrecorded) {
        out.refused = marker;
        break;
      }
      history.pop();
      out.passed.push(marker);
      continue;
    }
    history.pop();
    const { already, report, botPosition } = await restoreEntry(session, entry, source);
    const blocks = entry.snapshot.states.size;
    const restoredCount = report.status === 'not_checked' ? 0 : blocks - report.notRestoredCount;
    const restore = {
      label: entry.label,
      at: entry.at,
      commands: report.commands,
      status: report.status,
      blocks,
      restoredCount,
      notRestoredCount: report.notRestoredCount,
      ...(already !== undefined && report.status !== 'not_checked'
        ? { changedBack: restoredCount - already, alreadyMatched: already }
        : {}),
      mismatches: report.mismatches,
      ...(botPosition ? { botPosition } : {}),
    };
    const done = report.status === 'verified' || (report.status === 'not_checked' && report.failed === 0);
    if (!done) {
      // nothing is used up: calling again (with the area loaded) puts the rest back
      history.putBack(entry);
      out.failed = restore;
      break;
    }
    out.undone.push(restore);
  }
  return { ...out, ...held(history) };
}

/**
 * Puts one entry back: at once, or (an entry built part by part far away) part by part, the bot moved over
 * each part first, its chunks waited for by the reads, as the placement did.
 */
async function restoreEntry(
  session: ConnectionSession,
  entry: RecordedUndo,
  source: BlockSource | undefined,
): Promise<{
  already: number | undefined;
  report: RestoreReport;
  botPosition?: { x: number; y: number; z: number };
}> {
  if (!entry.stands?.length) {
    const already = source ? await matchingNow(session, entry.snapshot, source) : undefined;
    return { already, report: await restoreSnapshot(session, entry.snapshot, source) };
  }
  let already = 0;
  const reports: RestoreReport[] = [];
  const taken = new Set<string>();
  for (const stand of entry.stands) {
    const part = partOf(entry.snapshot, stand.boxes, taken);
    await moveBot(session, stand.at);
    if (source) already += await matchingNow(session, part, source);
    reports.push(await restoreSnapshot(session, part, source));
  }
  const p = session.channel.executorPosition();
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    already: source ? already : undefined,
    report: joined(reports),
    ...(p ? { botPosition: { x: round(p.x), y: round(p.y), z: round(p.z) } } : {}),
  };
}

/** Teleports the bot; reads that follow wait for the chunks around it. */
async function moveBot(session: ConnectionSession, at: { x: number; y: number; z: number }): Promise<void> {
  const capture = session.capabilities.strategy === 'fenced' ? captureFenced : captureSerial;
  await capture(
    session.channel,
    [`tp ${at.x} ${at.y} ${at.z}`],
    session.pacer ? { budget: session.pacer } : {},
  );
}

/** The positions of `snapshot` inside `boxes` that no earlier part took (parts' boxes may touch). */
function partOf(snapshot: Snapshot, boxes: Snapshot['boxes'], taken: Set<string>): Snapshot {
  const states = new Map<string, string>();
  for (const [k, state] of snapshot.states) {
    if (taken.has(k)) continue;
    const [x, y, z] = k.split(',').map(Number) as [number, number, number];
    const inside = boxes.some(
      (b) => x >= b.min.x && x <= b.max.x && y >= b.min.y && y <= b.max.y && z >= b.min.z && z <= b.max.z,
    );
    if (!inside) continue;
    states.set(k, state);
    taken.add(k);
  }
  return { boxes, states };
}

function joined(reports: readonly RestoreReport[]): RestoreReport {
  const sum = (f: (r: RestoreReport) => number) => reports.reduce((n, r) => n + f(r), 0);
  const status = reports.some((r) => r.status === 'mismatch')
    ? 'mismatch'
    : reports.every((r) => r.status === 'not_checked')
      ? 'not_checked'
      : 'verified';
  return {
    commands: sum((r) => r.commands),
    failed: sum((r) => r.failed),
    status,
    notRestoredCount: sum((r) => r.notRestoredCount),
    mismatches: reports.flatMap((r) => r.mismatches).slice(0, MAX_LISTED),
  };
}

/** What the history holds and what undo_last reaches of it now (without past_unrecorded). */
export function held(
  history: UndoHistory,
): Pick<UndoLastResult, 'remaining' | 'undoableNow' | 'barriers' | 'entries'> {
  let blocker: string | undefined;
  const entries = history.list().map((e): UndoEntryView => {
    const base = { label: e.label, at: e.at };
    if (e.kind === 'not_recorded') {
      blocker ??= e.label;
      return { ...base, undoable: false, barrier: true, reason: e.reason };
    }
    return blocker === undefined
      ? { ...base, undoable: true, barrier: false }
      : { ...base, undoable: false, barrier: false, behind: blocker };
  });
  return {
    remaining: entries.length,
    undoableNow: entries.filter((e) => e.undoable).length,
    barriers: entries.filter((e) => e.barrier).length,
    entries,
  };
}

/** How many positions of the snapshot the world already shows as they were (unloaded ones are not counted). */
async function matchingNow(session: ConnectionSession, snapshot: Snapshot, source: BlockSource) {
  await prepareReads(session.channel, snapshot.boxes);
  let same = 0;
  for (const [k, expected] of snapshot.states) {
    const [x, y, z] = k.split(',').map(Number) as [number, number, number];
    if (stateNow(source, { x, y, z }) === expected) same++;
  }
  return same;
}

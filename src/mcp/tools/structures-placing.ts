/**
 * place_structure's sending: one batch where the bot already holds every chunk of the structure;
 * otherwise part by part (src/structures/parts.ts), the bot teleported above each part and its chunks
 * waited for (they arrive as events) before the part is sent. The parts' answers are one answer, and their
 * snapshots one undo entry, so undo_last takes the whole placement back. The bot ends above the part that
 * holds the structure's middle, where compare_structure and undo_last can read most of it, and the answer
 * says where it stands.
 */
import type { Snapshot } from '../../batch/snapshot.js';
import { type UndoEntry, UndoHistory, type UndoStand } from '../../batch/undo.js';
import { channelBlockSource, prepareReads } from '../../connection/block-reads.js';
import type { ConnectionSession } from '../../connection/session.js';
import { executeBatch } from '../../execute/execute-batch.js';
import { tally } from '../../execute/tally.js';
import type { BatchResult, CommandResult } from '../../results/schema.js';
import { checkBatch } from '../../safety/check.js';
import type { SafetyConfig } from '../../safety/config.js';
import { PLACE_MAX_COMMANDS } from '../../structures/capture.js';
import { type PlacementPart, partCommands, placementParts } from '../../structures/parts.js';
import type { Transform } from '../../structures/rotate.js';
import type { Structure } from '../../structures/store.js';
import type { Box } from '../../vocabulary/blocks/box.js';
import { z } from 'zod';

export interface PlacingOptions {
  safety: SafetyConfig;
  target: string;
  undo: UndoHistory;
  /** what undo_last lists for the whole placement */
  label: string;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export const MovesSchema = z
  .object({
    parts: z.number().int().describe('parts the structure was built in, the bot moved above each'),
    partsSent: z.number().int().describe('parts whose commands were sent'),
    botPosition: z
      .object({ x: z.number(), y: z.number(), z: z.number() })
      .optional()
      .describe('where the bot stands now'),
    stopped: z.string().optional().describe('why the parts after the last sent one were not sent'),
  })
  .optional()
  .describe('present when the bot was moved to build the structure: it was not near enough');
export type Moves = NonNullable<z.infer<typeof MovesSchema>>;

/**
 * Builds `commands` (placeCommands of the whole structure) in one batch when the bot holds every chunk of
 * `box` now, and part by part otherwise.
 */
export async function placeInParts(
  session: ConnectionSession,
  plan: {
    structure: Structure;
    origin: { x: number; y: number; z: number };
    transform: Transform;
    skip: (key: string) => boolean;
    box: Box;
    commands: string[];
  },
  options: PlacingOptions,
): Promise<{ batch: BatchResult; moves?: Moves }> {
  const base = {
    safety: options.safety,
    target: options.target,
    // the file is the plan: compare_structure judges it, the hints give no design advice
    designAdvice: false,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const whole = () =>
    executeBatch(session, plan.commands, {
      ...base,
      undo: options.undo,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  if (!(await needsMoves(session, plan.box))) return { batch: await whole() };

  const parts = placementParts(plan.box, plan.box.max.y + 2);
  const moves = parts.map((p) => `tp ${p.stand.x} ${p.stand.y} ${p.stand.z}`);
  // the policy judges the placement as one: where it refuses any of it, the one batch says so
  if (refused(session, [...plan.commands, ...moves], options.safety)) return { batch: await whole() };

  const startedAt = performance.now();
  const total = plan.commands.length;
  const results: CommandResult[] = [];
  const entries: Array<{ entry: UndoEntry; at: PlacementPart['stand'] }> = [];
  /** why a part left nothing to undo, when none did */
  let nothingToUndo: string | undefined;
  let partsSent = 0;
  let stopped: string | undefined;
  for (const [k, part] of parts.entries()) {
    const commands = partCommands(
      plan.structure,
      plan.origin,
      plan.transform,
      plan.skip,
      part.box,
      PLACE_MAX_COMMANDS - results.length,
    );
    if (commands.length === 0) continue;
    stopped ??= stopReason(session, options.signal);
    if (stopped === undefined) {
      const moved = await executeBatch(session, [moves[k]!], { ...base, verify: false });
      const tp = moved.results[0]!;
      if (tp.status !== 'applied')
        stopped = `the bot could not be moved to part ${k + 1} of ${parts.length} (\`${tp.command}\`: ${tp.summary})`;
    }
    if (stopped !== undefined) {
      for (const command of commands) results.push(skipped(results.length, command, stopped));
      continue;
    }
    // the part's chunks arrive after the teleport: reading one layer of it waits for them
    await prepareReads(session.channel, [layerOf(part.box)]);
    const history = new UndoHistory();
    const offset = results.length;
    const batch = await executeBatch(session, commands, {
      ...base,
      undo: history,
      ...(options.onProgress
        ? { onProgress: (done: number) => options.onProgress!(offset + done, total) }
        : {}),
    });
    partsSent++;
    for (const r of batch.results) results.push({ ...r, index: offset + r.index });
    const entry = history.peek();
    if (entry?.kind === 'not_recorded')
      entries.push({
        entry: { ...entry, reason: `part ${k + 1} of ${parts.length}: ${entry.reason}` },
        at: part.stand,
      });
    else if (entry) entries.push({ entry, at: part.stand });
    else nothingToUndo ??= batch.undo?.reason;
  }
  const undo = recordWhole(options.undo, entries, nothingToUndo, options.label);
  const batch = tally(results, session.capabilities, {
    startedAt,
    safety: { verdicts: [], blockedWholeBatch: false, unsafeRequestIgnored: false, parsed: [] },
    transaction: undefined,
    undo,
  });
  const p = session.channel.executorPosition();
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    batch,
    moves: {
      parts: parts.length,
      partsSent,
      ...(p ? { botPosition: { x: round(p.x), y: round(p.y), z: round(p.z) } } : {}),
      ...(stopped !== undefined ? { stopped } : {}),
    },
  };
}

/** True when some chunk column of `box` is not loaded where the bot is (and the connection can tell). */
async function needsMoves(session: ConnectionSession, box: Box): Promise<boolean> {
  const { channel } = session;
  if (!channelBlockSource(channel)) return false;
  // a box reaching below the world's floor or above its top is asked about where blocks can be
  const view = channel.worldView?.();
  const y = view ? Math.min(view.maxY, Math.max(view.minY, box.min.y)) : box.min.y;
  const layer = { min: { ...box.min, y }, max: { ...box.max, y } };
  // chunks the server is still sending near the bot are waited for, so that only far ones count
  await prepareReads(channel, [layer]);
  const source = channelBlockSource(channel)!;
  return columnSamples(layer).some((p) => source.readBlock(p) === 'unloaded');
}

/** The bottom layer of a box: one block high, every column of it. */
const layerOf = (box: Box): Box => ({ min: box.min, max: { ...box.max, y: box.min.y } });

/** One position of `layer` in each chunk column it touches. */
function columnSamples(layer: Box): Array<{ x: number; y: number; z: number }> {
  const out: Array<{ x: number; y: number; z: number }> = [];
  for (let cx = Math.floor(layer.min.x / 16); cx <= Math.floor(layer.max.x / 16); cx++)
    for (let cz = Math.floor(layer.min.z / 16); cz <= Math.floor(layer.max.z / 16); cz++)
      out.push({
        x: Math.max(layer.min.x, cx * 16),
        y: layer.min.y,
        z: Math.max(layer.min.z, cz * 16),
      });
  return out;
}

function refused(session: ConnectionSession, commands: string[], safety: SafetyConfig): boolean {
  const executor = session.channel.executorPosition();
  const check = checkBatch(commands, {
    config: safety,
    validateSafety: true,
    version: session.channel.version,
    ...(executor ? { executor } : {}),
  });
  return check.verdicts.some((v) => !v.allowed);
}

function stopReason(session: ConnectionSession, signal: AbortSignal | undefined): string | undefined {
  if (signal?.aborted) return 'cancelled before it was sent';
  if (!session.channel.connected) return 'not sent: the connection to the server was lost';
  return undefined;
}

const skipped = (index: number, command: string, reason: string): CommandResult => ({
  index,
  command,
  status: 'skipped',
  accepted: false,
  applied: false,
  executionTimeMs: 0,
  summary: `Skipped: ${reason}`,
  chatMessages: [],
  detail: { reason },
});

/**
 * One undo entry for the whole placement: the parts' snapshots joined when every part that changed the
 * world was recorded; otherwise one marker saying which part could not be, so that undo_last neither
 * takes back half a structure nor reaches past it.
 */
function recordWhole(
  history: UndoHistory,
  entries: ReadonlyArray<{ entry: UndoEntry; at: PlacementPart['stand'] }>,
  nothingToUndo: string | undefined,
  label: string,
): BatchResult['undo'] {
  const at = new Date().toISOString();
  const unrecorded = entries.map((e) => e.entry).find((e) => e.kind === 'not_recorded');
  if (unrecorded) {
    history.push({ kind: 'not_recorded', label, at, reason: unrecorded.reason });
    return { status: 'not_recorded', reason: unrecorded.reason };
  }
  if (entries.length === 0)
    return {
      status: 'not_recorded',
      reason: nothingToUndo ?? 'nothing to undo: no command changed the world',
    };
  const snapshot: Snapshot = { boxes: [], states: new Map() };
  // undo moves the bot over each part as the placement did, and ends where it ended
  const stands: UndoStand[] = [];
  for (const { entry, at: stand } of entries) {
    if (entry.kind !== 'recorded') continue;
    snapshot.boxes.push(...entry.snapshot.boxes);
    for (const [k, v] of entry.snapshot.states) if (!snapshot.states.has(k)) snapshot.states.set(k, v);
    stands.push({ at: stand, boxes: entry.snapshot.boxes });
  }
  history.push({ kind: 'recorded', label, at, snapshot, stands });
  return { status: 'recorded' };
}

export function movesLine(moves: Moves): string {
  const at = moves.botPosition
    ? `; the bot now stands at ${moves.botPosition.x} ${moves.botPosition.y} ${moves.botPosition.z}`
    : '';
  const built =
    moves.partsSent === moves.parts
      ? `built in ${moves.parts} part${moves.parts === 1 ? '' : 's'}`
      : `${moves.partsSent} of ${moves.parts} parts sent (${moves.stopped ?? 'the rest were not sent'})`;
  const moved =
    moves.parts === 1
      ? 'the bot was teleported above it and its chunks waited for'
      : 'the bot was teleported above each part in turn and its chunks waited for';
  return `The bot did not hold the structure's chunks: ${built}, ${moved}${at}.`;
}

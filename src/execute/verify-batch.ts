/**
 * Automatic verification: for every applied block write, compare what the command asked for with what the
 * player's world shows after the batch. The server saying "applied" is a claim; this checks it.
 */
import { boxesTouched } from '../commands/block-box.js';
import { channelBlockSource, prepareReads } from '../connection/block-reads.js';
import type { BlockWrite } from '../commands/block-write.js';
import { type ParsedCommand, parseCommand } from '../commands/parse.js';
import type { CommandChannel } from '../connection/channel.js';
import type { CommandResult } from '../results/schema.js';
import { BeforeSnapshot, priorReads } from '../verify/snapshot.js';
import { verifyWrites } from '../verify/verify.js';
import { type Verification } from '../results/verification.js';
import { coveredBy } from '../vocabulary/blocks/box.js';
import type { WorldRegion } from '../hints/index.js';

export interface PlannedWrites {
  /** block writes per command index (empty for commands that write no blocks) */
  byCommand: BlockWrite[][];
  before: BeforeSnapshot | undefined;
}

/** Parses the writes and snapshots what they depend on, before anything is sent. */
export async function planWrites(
  channel: CommandChannel,
  commands: readonly string[],
  sendable: ReadonlySet<number>,
  snapshot = true,
  /** commands already parsed (by the safety check) with the same executor position */
  parsed: ReadonlyArray<ParsedCommand | undefined> = [],
  /** where the world before the batch is read (default: the channel) */
  source = channelBlockSource(channel),
): Promise<PlannedWrites> {
  const executor = channel.executorPosition();
  const byCommand = commands.map((command, i) =>
    sendable.has(i) ? (parsed[i] ?? parseCommand(command, executor)).blockWrites : [],
  );
  const all = byCommand.flat().filter((w) => !w.unresolved);
  // the snapshot only copies what keep, filters and clone sources depend on
  if (snapshot) await prepareReads(channel, all.flatMap(priorReads));
  return {
    byCommand,
    before: snapshot && source && all.length ? new BeforeSnapshot(source, all) : undefined,
  };
}

const RETRIES = 5;
const RETRY_DELAY_MS = 50;

/**
 * Attaches `verification` to every applied result that wrote blocks. Vanilla sends block changes at the
 * end of the tick, after the command's feedback: mismatches are re-read a few times, 50 ms (a tick) apart.
 */
export async function verifyApplied(
  channel: CommandChannel,
  plan: PlannedWrites,
  results: CommandResult[],
  /** the hints' region around the writes: read through it, so that the hints find the written blocks read */
  shared?: WorldRegion,
): Promise<void> {
  const direct = channelBlockSource(channel);
  if (!direct) return;
  const source = shared?.asSource() ?? direct;
  const entries = results
    .filter((r) => r.status === 'applied' && (plan.byCommand[r.index]?.length ?? 0) > 0)
    .flatMap((r) => plan.byCommand[r.index]!.map((write) => ({ result: r, write })));
  if (entries.length === 0) return;
  const written = boxesTouched(entries.map((e) => e.write));
  // the region was made readable after the batch, the written boxes in it too: they are read through it. What
  // lies beyond it is made readable with it, in one go: the bridge keeps only the boxes it fetched last, and the
  // hints read the rest of the region after verification
  const beyond = shared ? written.filter((box) => !coveredBy(box, [shared.box])) : written;
  const toRead = shared ? [shared.box, ...beyond] : written;
  let verifications: Verification[] = [];
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    if (attempt > 0 || beyond.length > 0) await prepareReads(channel, toRead);
    // a mismatch is read again a tick later: what the region read before is stale
    if (attempt > 0) shared?.forget();
    verifications = verifyWrites(
      entries.map((e) => e.write),
      source,
      plan.before,
      // the named properties that stick over the shapes depend on the server's version
      { version: channel.version },
    );
    if (!verifications.some((v) => v.status === 'mismatch') || !channel.connected) break;
    await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
  }
  const perResult = new Map<CommandResult, Verification[]>();
  entries.forEach((e, i) => {
    const list = perResult.get(e.result) ?? [];
    list.push(verifications[i]!);
    perResult.set(e.result, list);
  });
  for (const [result, list] of perResult) result.verification = combine(list);
}

const SEVERITY = ['mismatch', 'unloaded', 'verified', 'not_checked'] as const;

function combine(list: Verification[]): Verification {
  if (list.length === 1) return list[0]!;
  const sum = (f: (v: Verification) => number | undefined) => list.reduce((n, v) => n + (f(v) ?? 0), 0);
  const statuses = list.map((v) => v.status);
  const status = SEVERITY.find((s) => statuses.includes(s)) ?? 'not_checked';
  return {
    status: status === 'not_checked' && statuses.includes('verified') ? 'verified' : status,
    checked: sum((v) => v.checked),
    matched: sum((v) => v.matched),
    mismatches: list.flatMap((v) => v.mismatches).slice(0, 20),
    unloaded: sum((v) => v.unloaded),
    notChecked: sum((v) => v.notChecked),
  };
}

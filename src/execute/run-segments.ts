/**
 * The send loop: segments of commands that can go out together are captured one after another; skipped,
 * unsent and cancelled commands get their results on the way. Fills `results` in place.
 */
import { captureFenced } from '../capture/fenced.js';
import { captureSerial } from '../capture/serial.js';
import type { CapturedCommand, Pacer } from '../capture/captured.js';
import type { PlannedStep } from '../batch/plan.js';
import type { ConnectionSession } from '../connection/session.js';
import type { CommandResult } from '../results/schema.js';
import type { BotMoves } from './bot-moves.js';
import { CapturedClassifier } from './classify-captured.js';
import { type Decision, nextSegment, type SuccessPolicy } from './segments.js';

export interface SegmentRunOptions {
  policy: SuccessPolicy;
  stopOnFailure?: boolean;
  commandTimeoutMs?: number;
  signal?: AbortSignal;
  /** `note` is set while sending waits for the connection's packet budget or command throttle, and says why */
  onProgress?: (done: number, total: number, note?: string) => void;
  /** teleports of the bot in this batch */
  moves?: BotMoves;
  /** a command's result is decided (called in order, mostly while later commands are still out) */
  onJudged?: (result: CommandResult) => void;
}

export async function runSegments(
  session: ConnectionSession,
  steps: readonly PlannedStep[],
  commands: readonly string[],
  results: Array<CommandResult | undefined>,
  options: SegmentRunOptions,
): Promise<void> {
  const { channel } = session;
  const classifier = new CapturedClassifier(session);
  const capture = session.capabilities.strategy === 'fenced' ? captureFenced : captureSerial;
  const cancelled = () => options.signal?.aborted === true;
  let done = 0;
  let stopped: string | undefined;
  for (;;) {
    const { send, skip, unsent } = nextSegment(steps, results, {
      ...options.policy,
      stopOnFailure: options.stopOnFailure ?? false,
      ...(stopped !== undefined ? { stopped } : {}),
      ...(cancelled() ? { cancelled: true } : {}),
      ...(options.moves ? { endsSegment: (i: number) => options.moves!.endsSegment(i) } : {}),
    });
    for (const s of skip) results[s.index] = skippedResult(s, commands[s.index]!);
    for (const s of unsent) results[s.index] = unsentResult(s, commands[s.index]!);
    if (send.length === 0) {
      if (steps.every((s) => results[s.index] !== undefined)) return;
      continue;
    }
    let doneSoFar = 0;
    const mark = options.moves?.mark() ?? 0;
    // commands are judged as their fences come, while the server works on the rest
    const judged = new Map<number, CommandResult>();
    const judge = (c: CapturedCommand, index: number): CommandResult => {
      const result = classifier.classify(c, index);
      options.onJudged?.(result);
      return result;
    };
    const captured = await capture(
      channel,
      send.map((i) => commands[i]!),
      {
        ...(options.commandTimeoutMs !== undefined ? { commandTimeoutMs: options.commandTimeoutMs } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...pacing(session),
        onProgress: (n) => {
          doneSoFar = n;
          options.onProgress?.(done + n, commands.length);
        },
        onPaced: (note) => options.onProgress?.(done + doneSoFar, commands.length, note),
        onSettled: (k, c) => {
          try {
            judged.set(k, judge(c, send[k]!));
          } catch {
            // judged again below, where the error reaches the caller
          }
        },
      },
    );
    captured.forEach((c, k) => {
      const index = send[k]!;
      // cancelled: what was never sent is skipped; what was sent keeps its real outcome
      results[index] =
        judged.get(k) ??
        (c.end === 'not_sent' && cancelled()
          ? skippedResult({ index, reason: 'cancelled before it was sent' }, c.command)
          : judge(c, index));
    });
    const last = send.at(-1)!;
    if (options.moves?.endsSegment(last)) await options.moves.settle(last, mark, results[last]!);
    done += send.length;
    stopped ??= whyStop(captured, send, cancelled());
  }
}

/**
 * What sending waits for (the packet budget, vanilla's command spam kick), and one fence per run of
 * setblock/fill/clone whenever their reply lines are known (sendCommandFeedback on: one line each, see
 * capture/groups.ts): about 1.13 packets per command instead of 2, for the server and for the bot, with or
 * without a packet limit. A group whose lines do not fit is reported unknown and the batch goes back to one
 * fence per command.
 */
function pacing(session: ConnectionSession): { budget?: Pacer; groupFences?: boolean } {
  const groupFences = session.capabilities.feedbackEnabled === true;
  const budget = session.pacer;
  return budget ? { budget, groupFences } : { groupFences };
}

/** After a timeout or a lost connection nothing more is sent; the reason goes into every unsent result. */
function whyStop(
  captured: readonly CapturedCommand[],
  send: readonly number[],
  cancelled: boolean,
): string | undefined {
  const k = captured.findIndex(
    (c) => c.end === 'timed_out' || c.end === 'disconnected' || (c.end === 'not_sent' && !cancelled),
  );
  if (k < 0) return undefined;
  const broken = captured[k]!;
  if (broken.end === 'timed_out') return `not sent: command #${send[k]! + 1} timed out`;
  const reason = broken.reason ?? 'the connection went down';
  return reason.startsWith('not sent: ') ? reason : `not sent: ${reason}`;
}

export function skippedResult(step: Decision, command: string): CommandResult {
  return {
    index: step.index,
    command,
    status: 'skipped',
    accepted: false,
    applied: false,
    executionTimeMs: 0,
    summary: `Skipped: ${step.reason}`,
    chatMessages: [],
    detail: { reason: step.reason },
  };
}

function unsentResult(step: Decision, command: string): CommandResult {
  return {
    index: step.index,
    command,
    status: 'unknown',
    accepted: false,
    applied: false,
    executionTimeMs: 0,
    summary: `Not sent (${step.reason.replace(/^not sent: /, '')})`,
    detail: { reason: step.reason },
    chatMessages: [],
  };
}

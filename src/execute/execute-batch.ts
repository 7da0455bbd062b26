/**
 * execute_commands without MCP: preflight, send through the connection's capture strategy, classify every
 * command by what the server said. Every command gets a result, whatever happens to the connection.
 */
import type { CapturedCommand } from '../capture/captured.js';
import { captureFenced } from '../capture/fenced.js';
import { captureSerial } from '../capture/serial.js';
import { renderLine } from '../capture/text.js';
import type { ConnectionSession } from '../connection/session.js';
import { NotOperatorError } from '../errors.js';
import { postExecuteHints } from '../hints/index.js';
import { classifyOutcome } from '../outcome/index.js';
import type { BatchResult, CommandResult } from '../results/schema.js';
import { checkBatch } from '../safety/check.js';
import { defaultSafetyConfig, type SafetyConfig } from '../safety/config.js';
import { batchHint } from './hint.js';
import { normalizeCommand } from './preflight.js';
import { type PlannedWrites, planWrites, verifyApplied } from './verify-batch.js';

export interface ExecuteOptions {
  /** the operator's policy (default: the documented defaults) */
  safety?: SafetyConfig;
  /** the LLM's validate_safety flag (default true); false is honoured only when the policy allows it */
  validateSafety?: boolean;
  /** compare applied block writes with the world afterwards (default true) */
  verify?: boolean;
  /** connection name, put into the arguments of suggested follow-up calls */
  target?: string;
  /** where postExecute hint failures are reported (default: dropped) */
  logHintError?: (err: unknown) => void;
  /** how long the server may work on one command (default 5000 ms) */
  commandTimeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

const EMPTY_COMMAND = {
  rule: 'empty',
  summary: 'Empty command: write a command such as `setblock 0 64 0 minecraft:stone`',
} as const;

const FAILED = new Set(['rejected_by_game', 'execution_error', 'timed_out', 'rejected_by_safety']);

export async function executeBatch(
  session: ConnectionSession,
  rawCommands: readonly string[],
  options: ExecuteOptions = {},
): Promise<BatchResult> {
  const t0 = performance.now();
  const { channel } = session;
  if (session.capabilities.op === false) {
    // someone may have opped the bot since we connected
    const caps = await session.reprobe();
    if (caps.op === false) throw new NotOperatorError(channel.username);
  }

  const commands = rawCommands.map(normalizeCommand);
  const results: Array<CommandResult | undefined> = commands.map(() => undefined);
  const executor = channel.executorPosition();
  const safety = checkBatch(commands, {
    config: options.safety ?? defaultSafetyConfig,
    validateSafety: options.validateSafety ?? true,
    version: channel.version,
    ...(executor ? { executor } : {}),
  });
  const toSend: Array<{ index: number; command: string }> = [];
  commands.forEach((command, index) => {
    const verdict = safety.verdicts[index];
    const refusal = command === '' ? EMPTY_COMMAND : verdict && !verdict.allowed ? verdict : undefined;
    if (refusal) {
      results[index] = {
        index,
        command,
        status: 'rejected_by_safety',
        accepted: false,
        applied: false,
        executionTimeMs: 0,
        summary: refusal.summary ?? `refused by safety rule ${refusal.rule}`,
        chatMessages: [],
        ...(refusal.rule ? { detail: { rule: refusal.rule } } : {}),
      };
    } else toSend.push({ index, command });
  });

  const verify = options.verify ?? true;
  const plans: PlannedWrites[] = [];
  const captured = await session.exclusive(async () => {
    const plan = planWrites(channel, commands, new Set(toSend.map((c) => c.index)), verify);
    plans.push(plan);
    const caps = session.capabilities;
    const list = toSend.map((c) => c.command);
    const capture = caps.strategy === 'fenced' ? captureFenced : captureSerial;
    return capture(channel, list, {
      ...(options.commandTimeoutMs !== undefined ? { commandTimeoutMs: options.commandTimeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  });

  const allLines: string[] = [];
  // a batch may switch sendCommandFeedback itself: classify in order with the state at each command
  let feedback = session.capabilities.feedbackEnabled !== false;
  captured.forEach((c, i) => {
    const index = toSend[i]!.index;
    const switched = feedbackSwitch(c.command);
    const result = resultOf(session, c, index, switched === false ? true : feedback);
    if (
      switched !== undefined &&
      (c.end === 'fenced' || c.end === 'quiet') &&
      result.status !== 'rejected_by_game'
    ) {
      feedback = switched;
      if (switched === false && c.end === 'fenced' && c.lines.length === 0) {
        // vanilla applies the rule before confirming, so switching feedback off confirms silently
        Object.assign(result, {
          status: 'applied',
          applied: true,
          summary: 'Applied: sendCommandFeedback is now false (confirmed by silence before the fence)',
          detail: { key: 'commands.gamerule.set', inferred: true },
        });
      }
    }
    results[index] = result;
  });
  if (feedback !== (session.capabilities.feedbackEnabled !== false))
    session.capabilities.feedbackEnabled = feedback;
  for (const c of [...captured].sort((a, b) => (a.lines[0]?.atMs ?? 0) - (b.lines[0]?.atMs ?? 0))) {
    for (const line of c.lines) allLines.push(renderLine(line));
  }

  const final = results as CommandResult[];
  const plan = plans[0];
  if (plan && verify) await verifyApplied(channel, plan, final);
  const batch: BatchResult = {
    totalCommands: final.length,
    acceptedCount: final.filter((r) => r.accepted).length,
    appliedCount: final.filter((r) => r.status === 'applied').length,
    failedCount: final.filter((r) => FAILED.has(r.status)).length,
    unknownCount: final.filter((r) => r.status === 'unknown').length,
    executionTimeMs: performance.now() - t0,
    captureStrategy: session.capabilities.strategy,
    results: final,
    chatMessages: allLines,
    hint: '',
    ...(safety.blockedWholeBatch || safety.unsafeRequestIgnored
      ? {
          safety: {
            blockedWholeBatch: safety.blockedWholeBatch,
            unsafeRequestIgnored: safety.unsafeRequestIgnored,
          },
        }
      : {}),
  };
  batch.hint = batchHint(batch, session.capabilities);
  const actionHints = plan
    ? postExecuteHints(
        {
          entries: final.map((r) => ({
            command: r.command,
            result: r,
            writes: plan.byCommand[r.index] ?? [],
            ...(r.verification ? { verification: { status: r.verification.status } } : {}),
          })),
          tool: 'execute_commands',
          mcVersion: channel.version,
          bot: {
            name: channel.username,
            ...(session.capabilities.op !== null ? { operator: session.capabilities.op } : {}),
          },
          ...(options.target ? { target: options.target } : {}),
          ...(executor ? { executor } : {}),
        },
        options.logHintError,
      )
    : undefined;
  if (actionHints) batch.actionHints = actionHints;
  return batch;
}

const FEEDBACK_RULE = /^gamerule\s+(?:sendCommandFeedback|send_command_feedback)\s+(true|false)\s*$/;

/** The value a command sets sendCommandFeedback to, if it does. */
function feedbackSwitch(command: string): boolean | undefined {
  const m = FEEDBACK_RULE.exec(command);
  return m ? m[1] === 'true' : undefined;
}

function resultOf(
  session: ConnectionSession,
  c: CapturedCommand,
  index: number,
  feedbackEnabled: boolean,
): CommandResult {
  const caps = session.capabilities;
  const base = {
    index,
    command: c.command,
    accepted: c.sent,
    executionTimeMs: Math.round(c.durationMs * 100) / 100,
    chatMessages: c.lines.map(renderLine),
    captureStrategy: c.strategy,
  };
  if (c.end === 'fenced' || c.end === 'quiet') {
    const outcome = classifyOutcome({
      command: c.command,
      messages: c.lines,
      feedbackEnabled,
      version: session.channel.version,
      ...(caps.keyedFeedback ? {} : { plainText: { colourMeaningful: caps.colourMeaningful } }),
    });
    return { ...base, ...outcome };
  }
  if (c.end === 'timed_out') {
    return {
      ...base,
      status: 'timed_out',
      applied: null,
      summary: `Timed out: ${c.reason ?? 'no reply from the server'}; check the world before sending it again`,
      detail: { reason: c.reason ?? 'timed out' },
    };
  }
  const reason = c.reason ?? (c.end === 'disconnected' ? 'the connection went down' : 'not sent');
  return {
    ...base,
    status: 'unknown',
    applied: c.end === 'not_sent' ? false : null,
    summary: c.end === 'not_sent' ? `Not sent (${reason.replace(/^not sent: /, '')})` : `Unknown: ${reason}`,
    detail: { reason },
  };
}

/**
 * One command's outcome from its own lines. The most severe line wins (execution_error >
 * rejected_by_game > applied); the context line of a parse error never decides but is quoted.
 * Silence is `unknown` unless the server is known to be silent on success (see `silentOutcome`).
 * timed_out, rejected_by_safety and skipped are decided elsewhere.
 */
import type { CapturedMessage } from '../vocabulary/text/message.js';
import type { CommandStatus, OutcomeDetail } from '../results/schema.js';
import { isContextLine, normalizeComponent } from '../vocabulary/text/component.js';
import { languageFor } from '../vocabulary/text/language.js';
import { decisive, type LineVerdict, lineVerdict } from './lines.js';
import { silenceOf } from './silent.js';

export interface ClassifyContext {
  /** as sent, without the leading '/' */
  command: string;
  /** this command's own lines (already attributed) */
  messages: readonly CapturedMessage[];
  /** sendCommandFeedback as detected (false → successes are silent) */
  feedbackEnabled: boolean;
  /** set when the server sends plain text without translate keys */
  plainText?: { colourMeaningful: boolean };
  /** e.g. '1.21.4', for the en_us templates (default: the embedded world's version) */
  version?: string;
}

export interface Outcome {
  status: CommandStatus;
  applied: boolean | null;
  /** one specific English sentence */
  summary: string;
  detail?: OutcomeDetail;
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function detailOf(v: LineVerdict): OutcomeDetail | undefined {
  const detail: OutcomeDetail = {};
  if (v.key !== undefined) detail.key = v.key;
  if (v.key !== undefined || v.args.length > 0) detail.args = v.args;
  if (v.rule?.noChange && v.status === 'rejected_by_game') detail.noChange = true;
  if (v.matchedText !== undefined) detail.matchedText = v.matchedText;
  return Object.keys(detail).length > 0 ? detail : undefined;
}

function summaryOf(v: LineVerdict, context: LineVerdict | undefined): string {
  const base = v.status === v.rule?.status && v.rule.summary ? v.rule.summary : v.text;
  const where = context ? ` in "${oneLine(context.text)}"` : '';
  if (v.status === 'unknown') {
    return `Unclear reply "${oneLine(v.text)}": no rule says whether it applied; check the world`;
  }
  if (v.content) return `Done: it printed "${oneLine(v.text)}"`;
  if (v.status === 'rejected_by_game' && v.rule?.status === 'applied') {
    return `Rejected (the server sent "${oneLine(v.text)}" in red, its failure colour)`;
  }
  const text = oneLine(base) || v.key || 'no text';
  return `${text}${where}`;
}

/** Nothing arrived: applied only where the server is known to stay quiet on success. */
export function silentOutcome(command: string, feedbackEnabled: boolean): Outcome {
  const s = silenceOf(command);
  if (s.failureMayBeHidden) {
    return {
      status: 'unknown',
      applied: null,
      summary: `No reply: an execute chain with as/at/if/unless/on/store hides failures of \`${s.name}\` and skips it silently when false; check the world`,
      detail: { reason: 'silence after a forking or conditional execute proves nothing' },
    };
  }
  if (s.silentByDesign) {
    return {
      status: 'applied',
      applied: true,
      summary: `Done (inferred): \`${s.name}\` says nothing on success and would have reported an error`,
      detail: { inferred: true },
    };
  }
  if (!feedbackEnabled) {
    return {
      status: 'applied',
      applied: true,
      summary:
        'Done (inferred): sendCommandFeedback is off, so successes are silent while failures still show',
      detail: { inferred: true },
    };
  }
  return {
    status: 'unknown',
    applied: null,
    summary: 'No reply: a success would have been reported, so it probably changed nothing; check the world',
    detail: { reason: 'no message although command feedback is on' },
  };
}

export function classifyOutcome(ctx: ClassifyContext): Outcome {
  const command = ctx.command.replace(/^\//, '');
  const lines = ctx.messages.filter((m) => !m.overlay);
  if (lines.length === 0) return silentOutcome(command, ctx.feedbackEnabled);
  const silence = silenceOf(command);
  const verdicts = lines.map((m, i) =>
    lineVerdict(m, {
      lang: languageFor(ctx.version),
      printsContent: silence.silentByDesign,
      followedByContext: isContextLine(normalizeComponent(lines[i + 1]?.component)),
      ...(ctx.version !== undefined ? { version: ctx.version } : {}),
      ...(ctx.plainText ? { plainText: ctx.plainText } : {}),
    }),
  );
  const best = decisive(verdicts);
  const context = verdicts.find((v) => v.status === 'context');
  if (!best) {
    // only a context line: the error line itself was lost
    return {
      status: 'rejected_by_game',
      applied: false,
      summary: `Parse error at the position marked <--[HERE]${context ? ` in "${oneLine(context.text)}"` : ''}`,
      detail: { key: 'command.context.here' },
    };
  }
  const applied = best.status === 'applied' ? true : best.status === 'rejected_by_game' ? false : null;
  const detail = detailOf(best);
  return {
    status: best.status === 'context' ? 'unknown' : best.status,
    applied,
    summary: summaryOf(best, best.status === 'rejected_by_game' ? context : undefined),
    ...(detail ? { detail } : {}),
  };
}

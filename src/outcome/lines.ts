/** What one captured line says about its command: a status (or nothing), the key, its arguments. */
import type { CapturedMessage } from '../vocabulary/text/message.js';
import {
  argsAsText,
  isContextLine,
  isRedWrapped,
  type LanguageTable,
  messageComponent,
  normalizeComponent,
  renderPlainText,
  renderTranslated,
} from '../vocabulary/text/component.js';
import { matchForeignPlainText, matchPlainText, startsRed, stripColourCodes } from './plain-text.js';
import { findRule, type OutcomeRule, ruleFor } from './rules.js';

export type LineStatus = 'applied' | 'rejected_by_game' | 'execution_error' | 'unknown' | 'context';

export interface LineVerdict {
  status: LineStatus;
  /** this line's text, as the player reads it */
  text: string;
  key?: string;
  args: string[];
  rule?: OutcomeRule;
  /** the template or foreign string that matched (plain-text servers) */
  matchedText?: string;
  /** the line is the command's own output (a tellraw message), not feedback about it */
  content?: boolean;
}

export interface LineContext {
  lang: LanguageTable;
  version?: string;
  /** set when the server sends plain text without translate keys */
  plainText?: { colourMeaningful: boolean };
  /** the command prints its own lines (tellraw, msg…): only error lines are feedback */
  printsContent: boolean;
  /**
   * the next line is vanilla's context line (`…<--[HERE]`): Commands.performCommand sends it only after
   * the red line of a CommandSyntaxException with a cursor, so that line is a command error
   */
  followedByContext?: boolean;
}

/** Higher wins: the most severe line decides the command's status. */
export const SEVERITY: Readonly<Record<LineStatus, number>> = {
  context: -1,
  unknown: 0,
  applied: 1,
  rejected_by_game: 2,
  execution_error: 3,
};

/**
 * A failure line that names a vanilla command message: its key has a row in the table (the feedback
 * families, plus the keys vanilla throws outside them: rules/other-families.ts). A command that prints
 * its own lines (tellraw, say) may print any red text, so a red line whose key no row names stays its
 * printed content — unless vanilla's context line follows it (see `lineVerdict`).
 */
const isCommandError = (v: LineVerdict): boolean =>
  (v.status === 'rejected_by_game' || v.status === 'execution_error') &&
  v.key !== undefined &&
  findRule(v.key) !== undefined;

/**
 * A rule's status on a line. Failure evidence wins either way: vanilla never sends a success in red, so a
 * red line under an `applied` rule is a rejection; `not_feedback` keys decide only when red.
 */
function statusOf(rule: OutcomeRule, red: boolean): LineStatus {
  if (rule.status === 'not_feedback') return red ? 'rejected_by_game' : 'unknown';
  if (rule.status === 'applied' && red) return 'rejected_by_game';
  return rule.status;
}

function keyedVerdict(key: string, args: string[], red: boolean, text: string): LineVerdict {
  const rule = ruleFor(key, red);
  return { status: statusOf(rule, red), text, key, args, rule };
}

function plainVerdict(text: string, red: boolean, colourMeaningful: boolean, ctx: LineContext): LineVerdict {
  const foreign = matchForeignPlainText(text);
  if (foreign) return { status: foreign.status, text, args: [], matchedText: foreign.label };
  const match = matchPlainText(text, ctx.version);
  const useRed = red && colourMeaningful;
  if (match) {
    return { ...keyedVerdict(match.key, match.args, useRed, text), matchedText: match.template };
  }
  return { status: useRed ? 'rejected_by_game' : 'unknown', text, args: [] };
}

/** the line's text on one line: breaks and the blanks around them become one space (no copy without a break) */
const oneLine = (text: string): string =>
  (text.includes('\n') ? text.replace(/\s*\n\s*/g, ' ') : text).trim();

/** The verdict of one line. */
export function lineVerdict(message: CapturedMessage, ctx: LineContext): LineVerdict {
  const component = normalizeComponent(message.component);
  const plain = ctx.plainText !== undefined;
  const raw = stripColourCodes(message.text || renderPlainText(component, ctx.lang), plain);
  const text = oneLine(raw);
  if (isContextLine(component)) return { status: 'context', text, args: [] };
  const red = isRedWrapped(component) || startsRed(message.text, plain);
  const inner = messageComponent(component);
  let verdict: LineVerdict;
  if (inner?.translate !== undefined) {
    const args = argsAsText(inner, ctx.lang);
    const own = oneLine(renderTranslated(inner, ctx.lang, args));
    verdict = keyedVerdict(inner.translate, args, red, own || text);
  } else {
    // a keyed server's keyless line: colour still means what it does in vanilla
    verdict = { ...plainVerdict(raw.trim(), red, ctx.plainText?.colourMeaningful ?? true, ctx), text };
  }
  // a red line with vanilla's context line after it is a parse error, whatever its key and whatever the
  // command prints on success: nothing ran (Commands.performCommand)
  if (red && ctx.followedByContext) {
    return verdict.status === 'execution_error' ? verdict : { ...verdict, status: 'rejected_by_game' };
  }
  // tellraw and friends print their own lines: only a vanilla error about the command itself is feedback
  if (ctx.printsContent && !isCommandError(verdict)) return { ...verdict, status: 'applied', content: true };
  return verdict;
}

/** The decisive verdict: the most severe line, the first one among equals (context lines never decide). */
export function decisive(verdicts: readonly LineVerdict[]): LineVerdict | undefined {
  let best: LineVerdict | undefined;
  for (const v of verdicts) {
    if (v.status === 'context') continue;
    if (!best || SEVERITY[v.status] > SEVERITY[best.status]) best = v;
  }
  return best;
}

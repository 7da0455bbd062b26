/**
 * The outcome rules: translation key → status, one row each, with the reason. Exact keys win over
 * patterns; patterns are tried in table order (parse errors, then a command's own failures, then parts of
 * other lines, generic shapes and successes). A key no row matches falls back to its wrapper: red →
 * rejected_by_game, bare → applied, as vanilla's sendFailure/sendSuccess mean (see `ruleFor`).
 * test/outcome/corpus.test.ts checks every key vanilla 1.21.4, 1.21.11, 26.1.2 and 26.3 send against the shape
 * vanilla sends it in (fixtures written by scripts/vanilla-corpus.ts from the decompiled trees);
 * test/outcome/thrown-keys.test.ts checks the keys vanilla throws outside the commands.|argument.|parsing.|
 * permissions. families (rules/other-families.ts), read from the same trees.
 *
 * `not_feedback` marks keys that never arrive as a command's own line (tooltips, button labels, parts of
 * other lines): such a line decides nothing unless it is red.
 */
import { FAILURE_ROWS } from './rules/failures.js';
import { OTHER_FAMILY_ROWS } from './rules/other-families.js';
import { PARSE_ERROR_ROWS } from './rules/parse-errors.js';
import { A, type OutcomeRule, R, type Row } from './rules/row.js';
import { SUCCESS_ROWS } from './rules/successes.js';

export type { OutcomeRule, RuleStatus } from './rules/row.js';

const ROWS: readonly Row[] = [...PARSE_ERROR_ROWS, ...FAILURE_ROWS, ...OTHER_FAMILY_ROWS, ...SUCCESS_ROWS];

const exact = new Map<string, OutcomeRule>();
const patterns: OutcomeRule[] = [];

function toRule([match, status, reason, flags]: Row): OutcomeRule {
  return { match, status, reason, ...flags };
}

/** Every rule row, in table order. */
export const OUTCOME_RULES: readonly OutcomeRule[] = ROWS.map(toRule);
for (const rule of OUTCOME_RULES) {
  if (typeof rule.match === 'string') exact.set(rule.match, rule);
  else patterns.push(rule);
}

/** The fallback for keys no row names: the wrapper decides, as vanilla's sendFailure/sendSuccess would. */
export const FALLBACK_RED: OutcomeRule = {
  match: '*',
  status: R,
  reason: 'red-wrapped line with a key no rule names: vanilla wraps every failure in red',
};
export const FALLBACK_BARE: OutcomeRule = {
  match: '*',
  status: A,
  reason: 'bare line with a key no rule names: vanilla sends successes bare',
};

/** The table row for a key, if any (exact keys first, then patterns in table order). */
export function findRule(key: string): OutcomeRule | undefined {
  return exact.get(key) ?? patterns.find((rule) => (rule.match as RegExp).test(key));
}

/** The row for a key, or the wrapper fallback when no row names it. */
export function ruleFor(key: string, redWrapped: boolean): OutcomeRule {
  return findRule(key) ?? (redWrapped ? FALLBACK_RED : FALLBACK_BARE);
}

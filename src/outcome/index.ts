/** Outcome rules: what a command's own lines mean (status, applied, summary, detail). Pure; no I/O but en_us. */
export { type ClassifyContext, classifyOutcome, type Outcome, silentOutcome } from './classify.js';
export {
  decisive,
  type LineContext,
  type LineStatus,
  type LineVerdict,
  lineVerdict,
  SEVERITY,
} from './lines.js';
export {
  FEEDBACK_KEY,
  FOREIGN_PLAIN_RULES,
  type ForeignPlainRule,
  matchForeignPlainText,
  matchPlainText,
  type PlainTemplate,
  type PlainTextMatch,
  plainTextTemplates,
  startsRed,
  stripColourCodes,
  templateRegex,
} from './plain-text.js';
export {
  FALLBACK_BARE,
  FALLBACK_RED,
  findRule,
  OUTCOME_RULES,
  type OutcomeRule,
  type RuleStatus,
  ruleFor,
} from './rules.js';
export { SILENT_BY_DESIGN, type Silence, silenceOf, topLevelTokens } from './silent.js';

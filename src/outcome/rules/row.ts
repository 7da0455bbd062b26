/** One rule row: the key (or pattern), the status it means, why, and flags. Shared by the rule files. */
import type { CommandStatus } from '../../results/schema.js';

export type RuleStatus =
  Extract<CommandStatus, 'applied' | 'rejected_by_game' | 'execution_error'> | 'not_feedback';

export interface OutcomeRule {
  /** the exact key (string) or key pattern (RegExp) as written in the table */
  match: string | RegExp;
  status: RuleStatus;
  reason: string;
  /** rejected only because the world (or server state) already is as asked: do not resend */
  noChange?: boolean;
  /** the summary to give instead of the key's en_us text */
  summary?: string;
}

export type Flags = Pick<OutcomeRule, 'noChange' | 'summary'>;
export type Row = readonly [match: string | RegExp, status: RuleStatus, reason: string, flags?: Flags];

export const A = 'applied';
export const R = 'rejected_by_game';
export const E = 'execution_error';
export const N = 'not_feedback';
export const SAME: Flags = { noChange: true };
export const HERE = ': see the position marked <--[HERE]';

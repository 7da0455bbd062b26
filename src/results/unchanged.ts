/**
 * "Already so": vanilla answers a fill or setblock that would change nothing with commands.fill.failed /
 * commands.setblock.failed (rejected_by_game, detail.noChange). The world is what was asked for, so every
 * count and headline calls it *unchanged* — never failed, never something to fix, resend or resume.
 */
import type { CommandResult } from './schema.js';

/** the one word the answers use for it */
export const UNCHANGED = 'unchanged';
/** what it means, where it is first said */
export const UNCHANGED_MEANS = 'the world already matched';

export const isUnchanged = (r: Pick<CommandResult, 'status' | 'detail'>): boolean =>
  r.status === 'rejected_by_game' && r.detail?.noChange === true;

/** The batch `hint`: one or two sentences about what actually happened, and what to do next. */
import type { Capabilities } from '../connection/probe.js';
import type { BatchResult, CommandResult } from '../results/schema.js';
import { rollbackHeadline } from '../results/text.js';
import { isUnchanged, UNCHANGED, UNCHANGED_MEANS } from '../results/unchanged.js';

const quote = (r: CommandResult) =>
  `#${r.index + 1} \`${r.command.length > 60 ? `${r.command.slice(0, 57)}...` : r.command}\``;

export function batchHint(batch: BatchResult, caps: Capabilities): string {
  const headline = rollbackHeadline(batch);
  // after a rollback nothing stands: the per-status advice ("resend only those") would be wrong
  if (headline) return headline;
  const parts: string[] = [];
  const by = (s: string) => batch.results.filter((r) => r.status === s);
  const noChange = batch.results.filter(isUnchanged);
  const rejected = by('rejected_by_game').filter((r) => !isUnchanged(r));
  const errors = by('execution_error');
  const timedOut = by('timed_out');
  const safety = by('rejected_by_safety');
  const unknown = by('unknown');

  const mismatched = batch.results.filter((r) => r.verification?.status === 'mismatch');
  if (mismatched.length) {
    const first = mismatched[0]!;
    const m = first.verification!.mismatches[0];
    parts.push(
      `WARNING: the server said ${mismatched.length} command(s) applied but the world disagrees — ${quote(first)}${m ? `: at ${m.x} ${m.y} ${m.z} expected ${m.expected}, found ${m.actual}` : ''}. Inspect with get_blocks_in_area before building on it.`,
    );
  }
  if (noChange.length && batch.appliedCount + noChange.length === batch.totalCommands) {
    parts.push(
      `All ${batch.totalCommands} commands done: ${batch.appliedCount} applied, ${noChange.length} ${UNCHANGED} (${UNCHANGED_MEANS}) — no need to resend.`,
    );
  } else if (batch.appliedCount === batch.totalCommands) {
    parts.push(
      batch.totalCommands === 1
        ? 'The command was applied.'
        : `All ${batch.totalCommands} commands were applied.`,
    );
  } else {
    parts.push(`${batch.appliedCount} of ${batch.totalCommands} commands applied.`);
  }
  if (rejected.length) {
    const first = rejected[0]!;
    // commands a refusal kept from being sent go again with the fixed ones (one next step holds them all)
    const held = batch.results.some((r) => !r.accepted && (r.status === 'skipped' || r.status === 'unknown'));
    parts.push(
      `${rejected.length} rejected by the game; first: ${quote(first)} — ${first.summary}. ${held ? 'Fix them and send them again with the commands not sent (the required next step holds them all, in order).' : 'Fix and resend only those.'}`,
    );
  }
  if (noChange.length && batch.appliedCount + noChange.length !== batch.totalCommands) {
    parts.push(`${noChange.length} ${UNCHANGED} (${UNCHANGED_MEANS}) — no need to resend.`);
  }
  if (errors.length)
    parts.push(`${errors.length} failed inside the server (${quote(errors[0]!)}); check its arguments.`);
  if (timedOut.length) {
    parts.push(
      `${timedOut.length} timed out (${quote(timedOut[0]!)}): the server stopped answering; inspect the world before retrying.`,
    );
  }
  if (batch.safety?.blockedWholeBatch) {
    const first = safety.find((r) => r.detail?.rule !== 'batch_blocked') ?? safety[0];
    parts.push(
      `Nothing was sent: the safety policy blocks the whole batch when one command is refused. ${first ? `${quote(first)}: ${first.summary}` : ''}`,
    );
  } else if (safety.length) parts.push(`${safety.length} refused before sending: ${safety[0]!.summary}`);
  if (batch.safety?.unsafeRequestIgnored)
    parts.push('validate_safety: false was ignored: the operator does not allow unsafe requests.');
  const notSent = unknown.filter((r) => !r.accepted);
  const unclear = unknown.filter((r) => r.accepted);
  if (notSent.length)
    parts.push(
      `${notSent.length} not sent (${(notSent[0]!.detail?.reason ?? 'see results').replace(/^not sent: /, '')}).`,
    );
  if (unclear.length) {
    parts.push(
      caps.strategy === 'serial'
        ? `${unclear.length} gave no recognisable reply (this server has no fences, so silence proves nothing); verify the blocks.`
        : `${unclear.length} ended without a verdict (${unclear[0]!.detail?.reason ?? 'no reply'}); verify the world.`,
    );
  }
  if (batch.results.some((r) => r.detail?.inferred) && caps.feedbackEnabled === false) {
    parts.push('sendCommandFeedback is off, so successes are inferred from silence.');
  }
  return parts.join(' ');
}

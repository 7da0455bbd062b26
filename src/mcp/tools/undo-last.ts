/**
 * Tool `undo_last`: put back the blocks of the last write batches on a connection. It never guesses: at a
 * batch that was not recorded it stops and says why (unless told to pass it), and an entry whose restore
 * does not read back as the snapshot stays in the history, with what was and was not put back.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { restoreSnapshot } from '../../batch/transaction.js';
import { UNDO_MAX_BATCHES, UNDO_MAX_BLOCKS, type UndoHistory } from '../../batch/undo.js';
import type { ConnectionSession } from '../../connection/session.js';
import { McbridgeError } from '../../vocabulary/errors.js';
import { channelBlockSource } from '../../connection/block-reads.js';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';
import { TargetArg } from './shared-schemas.js';
import { renderUndoText } from './undo-text.js';

const Mismatch = z.object({
  x: z.number(),
  y: z.number(),
  z: z.number(),
  expected: z.string(),
  actual: z.string(),
});

const Restore = z.object({
  label: z.string(),
  at: z.string(),
  /** restore commands sent */
  commands: z.number().int(),
  /** verified: read back as before; not_checked: sent, but the blocks cannot be read; mismatch: see below */
  status: z.enum(['verified', 'mismatch', 'not_checked']),
  /** blocks of the batch's snapshot */
  blocks: z.number().int(),
  /** of those, how many read back as they were before the batch */
  restoredCount: z.number().int(),
  notRestoredCount: z.number().int(),
  /** the blocks not put back (the first 100) */
  mismatches: z.array(Mismatch),
});

const Unrecorded = z.object({ label: z.string(), at: z.string(), reason: z.string() });

export const UndoLastOutput = z.object({
  /** batches put back and read back, newest first (their entries are used up) */
  undone: z.array(Restore),
  /** a batch whose restore did not verify: its entry is kept, undo_last can be called again */
  failed: Restore.optional(),
  /** stopped here: the next batch back was not recorded for undo (nothing was changed for it) */
  refused: Unrecorded.optional(),
  /** not-recorded batches passed over because past_unrecorded was true */
  passed: z.array(Unrecorded),
  /** entries (recorded or not) still in the history */
  remaining: z.number().int(),
});
export type UndoLastResult = z.infer<typeof UndoLastOutput>;

const DESCRIPTION = `Put back the blocks changed by the last execute_commands / place_structure batches on this connection, newest first, and read them back. Kept in memory for the last ${UNDO_MAX_BATCHES} batches (at most ${UNDO_MAX_BLOCKS.toLocaleString('en-US')} blocks in all); only block writes are undone (not entities, items, chest contents or where the bot stands).
Every write batch's result says undo: recorded or not_recorded (with the reason, e.g. the bot stood too far away to read the blocks first). undo_last stops at a not-recorded batch and explains, instead of undoing an older one; pass past_unrecorded: true to go past it on purpose. If a restore does not read back as before (e.g. the area is no longer loaded), nothing is used up: the result lists the blocks not put back — move the bot near them and call undo_last again.`;

export function registerUndoLastTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'undo_last',
    {
      title: 'Undo the last batches',
      description: DESCRIPTION,
      inputSchema: z.object({
        steps: z
          .number()
          .int()
          .min(1)
          .max(UNDO_MAX_BATCHES)
          .optional()
          .describe('how many recorded batches (default 1)'),
        past_unrecorded: z
          .boolean()
          .optional()
          .describe(
            'go past batches that were not recorded (their blocks stay as they are) to undo older ones (default false)',
          ),
        target: TargetArg,
      }),
      outputSchema: UndoLastOutput,
      annotations: { destructiveHint: true, openWorldHint: true, idempotentHint: false },
    },
    async (args, extra) => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'undo_last', extra.requestId);
      const history = deps.undo.for(target.description.name);
      try {
        if (history.size === 0)
          throw new McbridgeError('nothing to undo on this connection', {
            remedy: 'undo covers batches applied since the companion started',
          });
        const session = await target.get();
        const out = await session.exclusive(() =>
          undoSteps(session, history, args.steps ?? 1, args.past_unrecorded ?? false),
        );
        return toolResult(out, renderUndoText(out), context());
      } catch (err) {
        return toolError(err, context());
      }
    },
  );
}

/** Undoes up to `steps` recorded batches, newest first; the caller holds the session's queue. */
export async function undoSteps(
  session: ConnectionSession,
  history: UndoHistory,
  steps: number,
  pastUnrecorded: boolean,
): Promise<UndoLastResult> {
  const out: UndoLastResult = { undone: [], passed: [], remaining: 0 };
  while (out.undone.length < steps) {
    const entry = history.peek();
    if (!entry) break;
    if (entry.kind === 'not_recorded') {
      const marker = { label: entry.label, at: entry.at, reason: entry.reason };
      if (!pastUnrecorded) {
        out.refused = marker;
        break;
      }
      history.pop();
      out.passed.push(marker);
      continue;
    }
    history.pop();
    const report = await restoreSnapshot(session, entry.snapshot, channelBlockSource(session.channel));
    const blocks = entry.snapshot.states.size;
    const restore = {
      label: entry.label,
      at: entry.at,
      commands: report.commands,
      status: report.status,
      blocks,
      restoredCount: report.status === 'not_checked' ? 0 : blocks - report.notRestoredCount,
      notRestoredCount: report.notRestoredCount,
      mismatches: report.mismatches,
    };
    const done = report.status === 'verified' || (report.status === 'not_checked' && report.failed === 0);
    if (!done) {
      // nothing is used up: calling again (with the area loaded) puts the rest back
      history.putBack(entry);
      out.failed = restore;
      break;
    }
    out.undone.push(restore);
  }
  out.remaining = history.size;
  return out;
}

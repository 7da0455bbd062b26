/** Tool `undo_last`: put back the blocks of the last applied batches on a connection. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { restoreSnapshot } from '../../batch/transaction.js';
import { UNDO_MAX_BATCHES, UNDO_MAX_BLOCKS } from '../../batch/undo.js';
import { McbridgeError } from '../../errors.js';
import { channelBlockSource } from '../../execute/verify-batch.js';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';
import { TargetArg } from './shared-schemas.js';

export const UndoLastOutput = z.object({
  undone: z.array(
    z.object({
      label: z.string(),
      at: z.string(),
      commands: z.number().int(),
      status: z.enum(['verified', 'mismatch', 'not_checked']),
      mismatches: z.array(
        z.object({ x: z.number(), y: z.number(), z: z.number(), expected: z.string(), actual: z.string() }),
      ),
    }),
  ),
  remaining: z.number().int(),
});

export function registerUndoLastTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'undo_last',
    {
      title: 'Undo the last batches',
      description: `Put back the blocks changed by the last applied execute_commands batches on this connection, newest first, and read them back. Kept in memory for the last ${UNDO_MAX_BATCHES} batches (at most ${UNDO_MAX_BLOCKS.toLocaleString('en-US')} blocks in all); only block writes are undone (not entities, items or chest contents).`,
      inputSchema: z.object({
        steps: z
          .number()
          .int()
          .min(1)
          .max(UNDO_MAX_BATCHES)
          .optional()
          .describe('how many batches (default 1)'),
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
        const entries = history.take(args.steps ?? 1);
        const undone: z.infer<typeof UndoLastOutput>['undone'] = [];
        await session.exclusive(async () => {
          for (const entry of entries) {
            const report = await restoreSnapshot(
              session,
              entry.snapshot,
              channelBlockSource(session.channel),
            );
            undone.push({
              label: entry.label,
              at: entry.at,
              commands: report.commands,
              status: report.status,
              mismatches: report.mismatches,
            });
          }
        });
        const out = { undone, remaining: history.size };
        const text = undone
          .map((u) => `undid ${u.label} (${u.commands} restore commands, ${u.status})`)
          .join('\n');
        return toolResult(out, text, context());
      } catch (err) {
        return toolError(err, context());
      }
    },
  );
}

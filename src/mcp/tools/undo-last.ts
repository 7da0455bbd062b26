/**
 * Tool `undo_last`: put back the blocks of the last write batches on a connection. It never guesses: at a
 * batch that was not recorded it stops and says why (unless told to pass it), and an entry whose restore
 * does not read back as the snapshot stays in the history, with what was and was not put back.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { UNDO_MAX_BATCHES, UNDO_MAX_BLOCKS } from '../../batch/undo.js';
import { held, undoSteps } from '../../batch/undo-steps.js';
import { UndoLastOutput, renderUndoText } from '../../results/undo.js';
import { McbridgeError } from '../../vocabulary/errors.js';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';
import { TargetArg } from './shared-schemas.js';

const DESCRIPTION = `Put back the blocks of the last batches whose result says undo: recorded (up to ${UNDO_MAX_BATCHES} batches, ${UNDO_MAX_BLOCKS.toLocaleString('en-US')} blocks), newest first, and read them back.`;

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
          .describe('go past not-recorded batches (their blocks stay) to undo older ones'),
        list: z
          .boolean()
          .optional()
          .describe('list what undo holds (batches; barriers where it stops, with why); undo nothing'),
        target: TargetArg,
      }),
      outputSchema: UndoLastOutput,
      annotations: { destructiveHint: true, openWorldHint: true, idempotentHint: false },
    },
    async (args, ctx) => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'undo_last', ctx.mcpReq.id);
      const history = deps.undo.for(target.description.name);
      try {
        if (args.list) {
          const out = { undone: [], passed: [], ...held(history) };
          return toolResult(out, renderUndoText(out), context());
        }
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

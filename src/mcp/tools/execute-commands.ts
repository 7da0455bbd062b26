/** Tool `execute_commands`: run chat commands and report, per command, what the server said and what it means. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { BatchItemSchema } from '../../batch/plan.js';
import { executeBatch } from '../../execute/execute-batch.js';
import { BatchResultSchema } from '../../results/schema.js';
import { BUILD_VIEW_TOOL_META } from '../apps/index.js';
import { renderBatchText } from '../render.js';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';

export const ExecuteCommandsInput = z.object({
  commands: z
    .array(BatchItemSchema)
    .min(1)
    .max(1000)
    .describe(
      'Minecraft commands, run in this order: plain strings ("setblock 0 64 0 minecraft:stone", slash optional) or steps {id, command, dependsOn: [ids], condition: {ifSuccess|ifFailed: id}}',
    ),
  transactional: z
    .boolean()
    .optional()
    .describe(
      'snapshot the blocks this batch can write; if any command fails, put them all back (block writes only)',
    ),
  stopOnFailure: z
    .boolean()
    .optional()
    .describe('send nothing after the first failure (slower: one command at a time)'),
  noChangeIsSuccess: z
    .boolean()
    .optional()
    .describe(
      'count "already there" (noChange) rejections as success for dependsOn/ifSuccess (default false)',
    ),
  verify: z.boolean().optional().describe('read applied block writes back from the world (default true)'),
  validate_safety: z
    .boolean()
    .optional()
    .describe(
      'false asks to skip the safety policy; honoured only when the operator allows it (allowUnsafe)',
    ),
  timeoutMs: z
    .number()
    .int()
    .min(100)
    .max(120_000)
    .optional()
    .describe('how long the server may work on one command (default 5000)'),
  target: z
    .string()
    .optional()
    .describe('connection name (see get_connection_info); default: the configured default'),
});

export const ExecuteCommandsOutput = BatchResultSchema;

const DESCRIPTION = `Run Minecraft Java chat commands on the connected server and get, for EACH command, what the server replied and what it means.
Commands are pipelined and attributed exactly (fences), so you can send many at once (up to 1000); they run in order.
Per-command status:
- applied: the server confirmed it (applied=true). With detail.inferred the server is silent on success (sendCommandFeedback off, or tellraw/say), so success is inferred.
- rejected_by_game: the server refused it (syntax error, unknown block, too big, unloaded area…); nothing changed. detail.key is the exact translation key. detail.noChange=true means the world ALREADY matched (e.g. "No blocks were filled"): do not resend.
- execution_error: the command crashed inside the server.
- timed_out: no reply in time; the world may or may not have changed — check before resending.
- rejected_by_safety: refused before sending by the operator's safety policy or because it would get the bot kicked; the summary says how to fix it.
- unknown: nobody can tell (applied=null), e.g. the connection dropped or the server gives no feedback; verify the world.
- skipped: not run because a dependsOn/condition was not met, stopOnFailure, or cancellation.
Read "hint" for what to do next. actionHints.nextSteps (omitted when empty) are follow-up calls inferred from what was built, most relevant first: call suggestedTool with suggestedArgs as they are; optional: false means the build is not finished without that step (e.g. a room without a door).`;

export function registerExecuteCommandsTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'execute_commands',
    {
      title: 'Execute Minecraft commands',
      description: DESCRIPTION,
      inputSchema: ExecuteCommandsInput,
      outputSchema: ExecuteCommandsOutput,
      annotations: { destructiveHint: true, openWorldHint: true, readOnlyHint: false, idempotentHint: false },
      // hosts with MCP Apps show what the batch changed in 3D (src/mcp/apps)
      _meta: BUILD_VIEW_TOOL_META,
    },
    async (args, extra) => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'execute_commands', extra.requestId);
      try {
        const session = await target.get();
        const progressToken = extra._meta?.progressToken;
        let lastProgress = 0;
        const batch = await executeBatch(session, args.commands, {
          safety: deps.safety,
          validateSafety: args.validate_safety ?? true,
          ...(args.transactional !== undefined ? { transactional: args.transactional } : {}),
          ...(args.stopOnFailure !== undefined ? { stopOnFailure: args.stopOnFailure } : {}),
          ...(args.noChangeIsSuccess !== undefined ? { noChangeIsSuccess: args.noChangeIsSuccess } : {}),
          ...(args.verify !== undefined ? { verify: args.verify } : {}),
          undo: deps.undo.for(target.description.name),
          target: target.description.name,
          logHintError: (err: unknown) => deps.log.warn({ err }, 'postExecute hints failed'),
          ...(args.timeoutMs !== undefined ? { commandTimeoutMs: args.timeoutMs } : {}),
          signal: extra.signal,
          ...(progressToken !== undefined
            ? {
                onProgress: (done: number, total: number, note?: string) => {
                  const now = performance.now();
                  if (done < total && now - lastProgress < 250) return;
                  lastProgress = now;
                  void extra
                    .sendNotification({
                      method: 'notifications/progress',
                      params: {
                        progressToken,
                        progress: done,
                        total,
                        message: `${done}/${total} commands done${note ? `; ${note}` : ''}`,
                      },
                    })
                    .catch(() => {});
                },
              }
            : {}),
        });
        return toolResult(batch, renderBatchText(batch), context());
      } catch (err) {
        deps.log.warn({ err }, 'execute_commands failed');
        return toolError(err, context());
      }
    },
  );
}

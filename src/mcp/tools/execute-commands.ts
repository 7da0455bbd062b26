/** Tool `execute_commands`: run chat commands and report, per command, what the server said and what it means. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { executeBatch } from '../../execute/execute-batch.js';
import { BatchResultSchema } from '../../results/schema.js';
import { renderBatchText } from '../render.js';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';

export const ExecuteCommandsInput = z.object({
  commands: z
    .array(z.string().max(40_000))
    .min(1)
    .max(1000)
    .describe(
      'Minecraft commands, with or without the leading slash, run in this order, e.g. "setblock 0 64 0 minecraft:stone"',
    ),
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
Read "hint" for what to do next.`;

export function registerExecuteCommandsTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'execute_commands',
    {
      title: 'Execute Minecraft commands',
      description: DESCRIPTION,
      inputSchema: ExecuteCommandsInput,
      outputSchema: ExecuteCommandsOutput,
      annotations: { destructiveHint: true, openWorldHint: true, readOnlyHint: false, idempotentHint: false },
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
          target: target.description.name,
          logHintError: (err: unknown) => deps.log.warn({ err }, 'postExecute hints failed'),
          ...(args.timeoutMs !== undefined ? { commandTimeoutMs: args.timeoutMs } : {}),
          signal: extra.signal,
          ...(progressToken !== undefined
            ? {
                onProgress: (done: number, total: number) => {
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
                        message: `${done}/${total} commands done`,
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

/** Tool `execute_commands`: run chat commands and report, per command, what the server said and what it means. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { BatchItemSchema } from '../../batch/plan.js';
import { executeBatch } from '../../execute/execute-batch.js';
import { type RehearseOptions, rehearsalLines, rehearseExecute } from '../../execute/warm-up.js';
import { CompactBatchResultSchema, compactBatch } from '../../results/compact.js';
import { BUILD_VIEW_TOOL_META } from '../apps/index.js';
import { renderBatchText } from '../../results/text.js';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';
import { registerTaskTool } from './task-tools.js';

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
      'snapshot the blocks this batch can write; if any command fails, put them all back (block writes only) and report the others as rolled_back',
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
  resultDetail: z
    .enum(['compact', 'full'])
    .optional()
    .describe(
      'compact (default): fields at their default left out; full: every result with its key, own lines and verification',
    ),
});

export const ExecuteCommandsOutput = CompactBatchResultSchema;

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
- rolled_back: it ran, but transactional: true put its blocks back because another command failed (applied=false). The text's first line then says ROLLED BACK and names the failed command(s): fix them and resend the WHOLE batch.
A tp/teleport of the bot is applied when the server moves the bot; its result has botPosition (where the bot now stands). "undo" says whether undo_last can put this batch back (recorded) or not (not_recorded, with the reason).
A result that did not apply carries its fix in summary and detail.suggestion: "did you mean spruce_planks?" for unknown block, item, entity ids and command names, the valid states of a block ("facing takes north, south, west, east"), or the command's usage from the server's command tree.
Read "hint" for what to do next. actionHints.nextSteps (omitted when empty) are follow-up calls inferred from what was built, most relevant first, each also a "next (required|optional): tool {args} — why" line of the text: call suggestedTool with suggestedArgs as they are; optional: false means the build is not finished without that step (e.g. a room without a door). Only steps the safety policy allows are suggested.
Compact (unless resultDetail: "full"): fields at their default are left out — an ordinary success (applied, its one line is its summary) has no detail and empty chatMessages; a verification that read every block back as written is left out (verifiedCount counts them; mismatch, unloaded and not_checked are always shown); a result's captureStrategy when it is the batch's; an applied command's detail.args, shown in its summary; zero unknownCount/skippedCount; top-level chatMessages already in a result.`;

/**
 * Runs this tool's whole path on made-up data while the bot connects (input schema, the real executeBatch
 * against an offline stand-in server, compaction, output schema, text, JSON), so that the first real call
 * is as fast as the next ones: `rounds` times, until `options.signal` stops it; returns the last round's
 * answer. It yields to the event loop at every reply of the stand-in server: connecting goes on meanwhile.
 */
export async function warmUpExecuteCommands(
  options: RehearseOptions = {},
  rounds = 1,
): Promise<CallToolResult | undefined> {
  const lines = rehearsalLines(options);
  const context = {
    connection: 'rehearsal',
    backend: 'mineflayer',
    server: 'rehearsal (offline)',
    version: options.version ?? null,
    serverBrand: null,
    tool: 'execute_commands',
    requestId: 0,
  };
  let last: CallToolResult | undefined;
  for (let round = 0; round < rounds; round++) {
    if (options.signal?.aborted) return undefined;
    const args = ExecuteCommandsInput.parse({ commands: lines.map((l) => l.command) });
    const batch = await rehearseExecute(lines, args.commands, options);
    if (options.signal?.aborted) return undefined;
    last = toolResult(ExecuteCommandsOutput.parse(compactBatch(batch)), renderBatchText(batch), context);
    // the transport's serialisation of the answer
    JSON.stringify(last);
  }
  return last;
}

export function registerExecuteCommandsTool(server: McpServer, deps: ToolDeps): void {
  registerTaskTool(
    server,
    deps.tasks,
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
    async (args, extra, run) => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'execute_commands', extra.requestId);
      try {
        const session = await target.get();
        const progressToken = run.asTask ? undefined : extra._meta?.progressToken;
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
          signal: run.signal,
          onProgress: (done: number, total: number, note?: string) => {
            const now = performance.now();
            if (done < total && now - lastProgress < 250) return;
            lastProgress = now;
            const message = `${done}/${total} commands done${note ? `; ${note}` : ''}`;
            run.progress(message);
            if (progressToken === undefined) return;
            void extra
              .sendNotification({
                method: 'notifications/progress',
                params: { progressToken, progress: done, total, message },
              })
              .catch(() => {});
          },
        });
        const structured = args.resultDetail === 'full' ? batch : compactBatch(batch);
        return toolResult(structured, renderBatchText(batch), context());
      } catch (err) {
        deps.log.warn({ err }, 'execute_commands failed');
        return toolError(err, context());
      }
    },
  );
}

/** Tool `execute_commands`: run chat commands and report, per command, what the server said and what it means. */
import type { McpServer, CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

import { executeBatch } from '../../execute/execute-batch.js';
import { type RehearseOptions, rehearsalLines, rehearseExecute } from '../../execute/warm-up.js';
import { CompactBatchResultSchema, compactBatch } from '../../results/compact.js';
import { ResultPages } from '../../results/pages.js';
import { McbridgeError, echo } from '../../vocabulary/errors.js';
import { BUILD_VIEW_TOOL_META } from '../apps/index.js';
import { RESULTS_GUIDE_URI } from '../resources/guide.js';
import { callTooLong, renderBatchText } from '../../results/text.js';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';
import { BatchItemArg, TargetArg } from './shared-schemas.js';
import { registerTaskTool } from './task-tools.js';

export const ExecuteCommandsInput = z.object({
  commands: z
    .array(BatchItemArg)
    .min(1)
    .max(1000)
    .optional()
    .describe(
      'run in order: "setblock 0 64 0 minecraft:stone" (slash optional) or {id, command, dependsOn, condition}',
    ),
  // instead of commands: a next step too long for the text, by reference to its batch (kept in the result pages)
  resend: z
    .object({ batchId: z.string().max(64), step: z.number().int().min(1).max(8).optional() })
    .optional(),
  transactional: z
    .boolean()
    .optional()
    .describe('if any command fails, put back every block the batch wrote (the others: rolled_back)'),
  stopOnFailure: z
    .boolean()
    .optional()
    .describe('send nothing after the first failure (one at a time: slower)'),
  noChangeIsSuccess: z
    .boolean()
    .optional()
    .describe('"already there" counts as success for dependsOn/ifSuccess'),
  verify: z.boolean().optional().describe('read applied block writes back (default true)'),
  validate_safety: z
    .boolean()
    .optional()
    .describe('false skips the safety policy, if the operator allows it'),
  timeoutMs: z.number().int().min(100).max(120_000).optional().describe('per command (default 5000)'),
  target: TargetArg,
  resultDetail: z
    .enum(['compact', 'full'])
    .optional()
    .describe('full: every field of every result (default compact: defaults left out)'),
});

export const ExecuteCommandsOutput = CompactBatchResultSchema;

const DESCRIPTION = `Run Minecraft Java chat commands on the connected server and get, for each command, what the server replied and what it means.
Send many at once (up to 1000, run in order). Statuses: applied, rejected_by_game (detail.noChange: already so), execution_error, timed_out (check before resending), rejected_by_safety, unknown (verify), skipped, rolled_back; a failure's summary carries its fix. Follow "hint" and the "next …" lines. Details: resource ${RESULTS_GUIDE_URI}.`;

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
    const batch = await rehearseExecute(lines, args.commands ?? [], options);
    if (options.signal?.aborted) return undefined;
    last = toolResult(ExecuteCommandsOutput.parse(compactBatch(batch)), renderBatchText(batch), context);
    // the transport's serialisation of the answer
    JSON.stringify(last);
  }
  return last;
}

type ExecuteArgs = z.infer<typeof ExecuteCommandsInput>;

/**
 * The call's arguments, with a `resend` reference replaced by the arguments of the step it names (kept with
 * its batch in `pages`); what the call itself gives besides (target, timeoutMs, …) wins.
 */
export function resolveResend(
  args: ExecuteArgs,
  pages: ResultPages,
): ExecuteArgs & { commands: NonNullable<ExecuteArgs['commands']> } {
  const { resend, ...own } = args;
  if (!resend) {
    if (!own.commands)
      throw new McbridgeError('execute_commands needs `commands` (or `resend`, as a next step gives it)');
    return { ...own, commands: own.commands };
  }
  if (own.commands) throw new McbridgeError('give either `commands` or `resend`, not both');
  const batch = pages.get(resend.batchId);
  if (!batch) {
    throw new McbridgeError(
      `no batch "${echo(resend.batchId)}": only the last few batches are kept; run it again`,
    );
  }
  const n = resend.step ?? 1;
  const step = batch.actionHints?.nextSteps?.[n - 1];
  const kept =
    step?.suggestedTool === 'execute_commands'
      ? ExecuteCommandsInput.safeParse(step.suggestedArgs)
      : undefined;
  if (!kept?.success || !kept.data.commands) {
    throw new McbridgeError(
      `batch "${echo(resend.batchId)}" has no next step ${n} that runs execute_commands`,
    );
  }
  return { ...kept.data, ...own, commands: kept.data.commands };
}

export function registerExecuteCommandsTool(
  server: McpServer,
  deps: ToolDeps,
  /** where a batch is kept when a next step of its answer is given by reference */
  pages: ResultPages = deps.pages ?? new ResultPages(),
): void {
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
    async (call, extra, run) => {
      let args: ReturnType<typeof resolveResend>;
      try {
        args = resolveResend(call, pages);
      } catch (err) {
        return toolError(
          err,
          serviceContext(deps.targets.get(call.target), 'execute_commands', extra.mcpReq.id),
        );
      }
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'execute_commands', extra.mcpReq.id);
      try {
        const session = await target.get();
        const progressToken = run.asTask ? undefined : extra.mcpReq._meta?.progressToken;
        let lastProgress = 0;
        let lastNote: string | undefined;
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
            // a new reason to wait is news even right after a count: the count alone can wait 250 ms
            const news = note !== undefined && note !== lastNote;
            if (done < total && now - lastProgress < 250 && !news) return;
            lastProgress = now;
            if (note !== undefined) lastNote = note;
            const message = `${done}/${total} commands done${note ? `; ${note}` : ''}`;
            run.progress(message);
            if (progressToken === undefined) return;
            void extra.mcpReq
              .notify({
                method: 'notifications/progress',
                params: { progressToken, progress: done, total, message },
              })
              .catch(() => {});
          },
        });
        const structured = args.resultDetail === 'full' ? batch : compactBatch(batch);
        // a next step too long to quote in the text is given by reference to the batch, kept for it
        const keptAs = batch.actionHints?.nextSteps?.some(callTooLong) ? pages.put(batch) : undefined;
        return toolResult(structured, renderBatchText(batch, undefined, keptAs), context());
      } catch (err) {
        deps.log.warn({ err }, 'execute_commands failed');
        return toolError(err, context());
      }
    },
  );
}

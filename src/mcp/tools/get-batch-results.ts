/** Tool `get_batch_results`: page through the results a bounded answer (place_structure) left out. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { echo } from '../../vocabulary/errors.js';
import { CompactCommandResultSchema, compactResult } from '../../results/compact.js';
import { readBackAsWritten } from '../../results/verification.js';
import { KEPT_BATCHES, type ResultPages } from '../../results/pages.js';
import { renderResultLines } from '../../results/text.js';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';

export const PAGE_MAX = 200;

export const GetBatchResultsInput = z.object({
  batchId: z.string().describe('page.batchId of a bounded answer'),
  offset: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .optional()
    .describe('results to skip: nextOffset of the last page'),
  limit: z.number().int().min(1).max(PAGE_MAX).optional().describe(`how many (default and max ${PAGE_MAX})`),
  status: z.string().optional().describe('only this status, e.g. "rejected_by_game"'),
  resultDetail: z.enum(['compact', 'full']).optional().describe('as in execute_commands'),
});

export const GetBatchResultsOutput = z.object({
  batchId: z.string(),
  total: z.number().int().describe('results matching the status filter'),
  offset: z.number().int(),
  results: z.array(CompactCommandResultSchema),
  /** results of this page whose blocks all read back as written (their verification is left out when compact) */
  verifiedCount: z.number().int().optional(),
  /** offset of the next page; absent on the last page */
  nextOffset: z.number().int().optional(),
});

export function registerGetBatchResultsTool(server: McpServer, deps: ToolDeps, pages: ResultPages): void {
  server.registerTool(
    'get_batch_results',
    {
      title: 'Page through a batch’s results',
      description: `Read every per-command result of a bounded answer (one with page.batchId), ${PAGE_MAX} at a time, optionally of one status; the last ${KEPT_BATCHES} such batches stay readable.`,
      inputSchema: GetBatchResultsInput,
      outputSchema: GetBatchResultsOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args, ctx) => {
      const context = serviceContext(deps.targets.get(), 'get_batch_results', ctx.mcpReq.id);
      const batch = pages.get(args.batchId);
      if (!batch) {
        return toolError(
          new Error(
            `no batch "${echo(args.batchId)}": only the last ${KEPT_BATCHES} bounded batches are kept; run it again`,
          ),
          context,
        );
      }
      const matching = batch.results.filter((r) => args.status === undefined || r.status === args.status);
      const offset = args.offset ?? 0;
      const limit = args.limit ?? PAGE_MAX;
      const slice = matching.slice(offset, offset + limit);
      const verified = slice.filter((r) => readBackAsWritten(r.verification)).length;
      const out: z.infer<typeof GetBatchResultsOutput> = {
        batchId: args.batchId,
        total: matching.length,
        offset,
        results:
          args.resultDetail === 'full' ? slice : slice.map((r) => compactResult(r, batch.captureStrategy)),
        ...(verified ? { verifiedCount: verified } : {}),
        ...(offset + limit < matching.length ? { nextOffset: offset + limit } : {}),
      };
      const which = args.status === undefined ? 'results' : `${args.status} results`;
      const range = slice.length ? `${offset + 1}–${offset + slice.length}` : 'none';
      // the next call repeats every argument, so that it pages through the same filtered list
      const next =
        out.nextOffset === undefined
          ? ''
          : `; next page: get_batch_results ${JSON.stringify({ ...args, offset: out.nextOffset })}`;
      const head = `${which} ${range} of the ${matching.length} matching (batch of ${batch.totalCommands})${verified ? `, ${verified} read back from the world as written` : ''}${next}`;
      return toolResult(out, [head, ...renderResultLines(slice)].join('\n'), context);
    },
  );
}

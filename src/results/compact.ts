/**
 * What a tool sends back of a batch: the full result with every field at its default left out, and big
 * batches bounded (counts, the first failures, and a page reference for the rest). The full object stays
 * inside mcbridge (hints, undo, jobs read it); only the answer is compacted.
 */
import { z } from 'zod';
import { VerificationSchema } from '../verify/verify.js';
import { type BatchResult, BatchResultSchema, type CommandResult, CommandResultSchema } from './schema.js';

/** A verified write: `matched` equals `checked` and `mismatches` is empty, so both are left out. */
export const CompactVerificationSchema = VerificationSchema.extend({
  matched: z.number().int().optional().describe('omitted when every checked position matched'),
  mismatches: VerificationSchema.shape.mismatches.optional().describe('omitted when empty'),
});

/**
 * One command's result without what it repeats: the capture strategy when it is the batch's, a full
 * verification's `matched` and empty `mismatches`, and an applied command's `detail.args` (its summary
 * is the message with those arguments in it).
 */
export const CompactCommandResultSchema = CommandResultSchema.extend({
  /** omitted when it is the batch's captureStrategy */
  captureStrategy: CommandResultSchema.shape.captureStrategy,
  verification: CompactVerificationSchema.optional(),
});
export type CompactCommandResult = z.infer<typeof CompactCommandResultSchema>;

export const ResultsPageSchema = z.object({
  /** results listed: failed or uncertain ones first, then applied ones, then "already there" no-ops */
  listed: z.number().int(),
  /** results left out of `results`; read them with get_batch_results */
  omitted: z.number().int(),
  /** pass to get_batch_results to page through every result of this batch */
  batchId: z.string(),
});

export const CompactBatchResultSchema = BatchResultSchema.extend({
  unknownCount: z.number().int().optional().describe('omitted when 0'),
  skippedCount: z.number().int().optional().describe('omitted when 0'),
  /** results whose applied block writes all read back as written */
  verifiedCount: z.number().int().optional(),
  results: z.array(CompactCommandResultSchema),
  chatMessages: z
    .array(z.string())
    .describe("lines of the batch that belong to no command (each command's own lines are in its result)"),
  /** present when `results` does not list every command */
  page: ResultsPageSchema.optional(),
});
export type CompactBatchResult = z.infer<typeof CompactBatchResultSchema>;

const round = (ms: number) => Math.round(ms * 10) / 10;

export function compactResult(
  r: CommandResult,
  strategy: BatchResult['captureStrategy'],
): CompactCommandResult {
  const { captureStrategy, verification, executionTimeMs, detail, ...rest } = r;
  const out: CompactCommandResult = { ...rest, executionTimeMs: round(executionTimeMs) };
  if (detail) {
    // an applied command's summary is its message: the message's arguments are already there
    const { args, ...kept } = detail;
    const shown = r.status === 'applied' && args !== undefined && args.every((a) => r.summary.includes(a));
    out.detail = shown ? kept : detail;
  }
  if (captureStrategy !== undefined && captureStrategy !== strategy) out.captureStrategy = captureStrategy;
  if (verification) {
    const { matched, mismatches, ...v } = verification;
    out.verification = {
      ...v,
      ...(matched === verification.checked ? {} : { matched }),
      ...(mismatches.length ? { mismatches } : {}),
    };
  }
  return out;
}

export interface CompactOptions {
  /** list at most this many results; the rest is paged through `batchId` (default: list all) */
  maxResults?: number;
  /** where the full results can be read again (required with maxResults) */
  batchId?: string;
}

export function compactBatch(batch: BatchResult, options: CompactOptions = {}): CompactBatchResult {
  const { results, chatMessages, unknownCount, skippedCount, executionTimeMs, ...rest } = batch;
  const own = new Set(results.flatMap((r) => r.chatMessages));
  const out: CompactBatchResult = {
    ...rest,
    executionTimeMs: round(executionTimeMs),
    results: [],
    chatMessages: chatMessages.filter((line) => !own.has(line)),
  };
  if (unknownCount) out.unknownCount = unknownCount;
  if (skippedCount) out.skippedCount = skippedCount;
  const verified = results.filter((r) => r.verification?.status === 'verified').length;
  if (verified) out.verifiedCount = verified;
  const max = options.maxResults;
  // "already there" (noChange) changed nothing and needs nothing: listed last
  const failed = (r: CommandResult) => r.status !== 'applied' && !r.detail?.noChange;
  const listed =
    max === undefined || results.length <= max
      ? results
      : [
          ...results.filter(failed),
          ...results.filter((r) => r.status === 'applied'),
          ...results.filter((r) => r.detail?.noChange),
        ]
          .slice(0, max)
          .sort((a, b) => a.index - b.index);
  out.results = listed.map((r) => compactResult(r, batch.captureStrategy));
  if (listed.length < results.length && options.batchId !== undefined) {
    out.page = { listed: listed.length, omitted: results.length - listed.length, batchId: options.batchId };
  }
  return out;
}

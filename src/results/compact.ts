/**
 * What a tool sends back of a batch: the full result with every field at its default left out, and big
 * batches bounded (counts, the first failures, and a page reference for the rest). The full object stays
 * inside mcbridge (hints, undo, jobs read it); only the answer is compacted.
 */
import { z } from 'zod';
import { isUnchanged } from './unchanged.js';
import { readBackAsWritten, VerificationSchema } from './verification.js';
import { type BatchResult, BatchResultSchema, type CommandResult, CommandResultSchema } from './schema.js';

/** A verified write: `matched` equals `checked` and `mismatches` is empty, so both are left out. */
export const CompactVerificationSchema = VerificationSchema.extend({
  matched: z.number().int().optional().describe('omitted when every checked position matched'),
  mismatches: VerificationSchema.shape.mismatches.optional().describe('omitted when empty'),
});

/**
 * One command's result without what it repeats: the capture strategy when it is the batch's, a verified
 * write's verification (the batch's verifiedCount counts it), an applied command's `detail.args` (its
 * summary is the message with those arguments in it) and, for an ordinary success, the key and the one line
 * that is word for word its summary.
 */
export const CompactCommandResultSchema = CommandResultSchema.extend({
  /** omitted when it is the batch's captureStrategy */
  captureStrategy: CommandResultSchema.shape.captureStrategy,
  chatMessages: CommandResultSchema.shape.chatMessages.describe(
    "this command's own lines, plain text; empty for an ordinary success, whose one line is its summary",
  ),
  detail: CommandResultSchema.shape.detail.describe(
    'omitted for an ordinary success (applied, one line, nothing but the key of that line): resultDetail "full" keeps it',
  ),
  verification: CompactVerificationSchema.optional().describe(
    "omitted when every block it wrote read back as written (counted in the batch's verifiedCount); present for mismatch, unloaded, not_checked, and for a verified write with positions it could not judge (notChecked)",
  ),
});
export type CompactCommandResult = z.infer<typeof CompactCommandResultSchema>;

export const ResultsPageSchema = z.object({
  /** results listed: failed or uncertain ones first, then applied ones, then unchanged ones (the world already matched) */
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

/**
 * Applied, with one line that is its summary, and a detail that says nothing but the line's key (and its
 * arguments, which the summary shows): the shape of almost every result of a build.
 */
function isOrdinarySuccess(r: CommandResult): boolean {
  if (r.status !== 'applied' || r.chatMessages.length !== 1 || r.chatMessages[0] !== r.summary) return false;
  const { key, args, ...other } = r.detail ?? {};
  return (
    key !== undefined && Object.keys(other).length === 0 && (args ?? []).every((a) => r.summary.includes(a))
  );
}

export function compactResult(
  r: CommandResult,
  strategy: BatchResult['captureStrategy'],
): CompactCommandResult {
  const { captureStrategy, verification, executionTimeMs, detail, chatMessages, ...rest } = r;
  const ordinary = isOrdinarySuccess(r);
  const out: CompactCommandResult = {
    ...rest,
    executionTimeMs: round(executionTimeMs),
    chatMessages: ordinary ? [] : chatMessages,
  };
  if (detail && !ordinary) {
    // an applied command's summary is its message: the message's arguments are already there
    const { args, ...kept } = detail;
    const shown = r.status === 'applied' && args !== undefined && args.every((a) => r.summary.includes(a));
    out.detail = shown ? kept : detail;
  }
  if (captureStrategy !== undefined && captureStrategy !== strategy) out.captureStrategy = captureStrategy;
  if (verification && !readBackAsWritten(verification)) {
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
  const verified = results.filter((r) => readBackAsWritten(r.verification)).length;
  if (verified) out.verifiedCount = verified;
  const max = options.maxResults;
  // unchanged (the world already matched) needs nothing: listed last
  const failed = (r: CommandResult) => r.status !== 'applied' && !isUnchanged(r);
  const listed =
    max === undefined || results.length <= max
      ? results
      : [
          ...results.filter(failed),
          ...results.filter((r) => r.status === 'applied'),
          ...results.filter(isUnchanged),
        ]
          .slice(0, max)
          .sort((a, b) => a.index - b.index);
  out.results = listed.map((r) => compactResult(r, batch.captureStrategy));
  if (listed.length < results.length && options.batchId !== undefined) {
    out.page = { listed: listed.length, omitted: results.length - listed.length, batchId: options.batchId };
  }
  return out;
}

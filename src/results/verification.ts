/**
 * The `verification` of a command result: how the blocks a command wrote compare with what the world shows
 * after the batch. Produced by verify/; part of the answer's contract.
 */
import { z } from 'zod';

export const MAX_MISMATCHES = 20;

export const MismatchSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  z: z.number().int(),
  expected: z.string().describe('block state key with only the states that were compared'),
  actual: z.string().describe('block state key with every state the world reports'),
});

export const VerificationStatusSchema = z.enum(['verified', 'mismatch', 'unloaded', 'not_checked']);

export const VerificationSchema = z.object({
  status: VerificationStatusSchema.describe(
    'verified: every position that could be judged matched; mismatch: at least one did not; ' +
      'unloaded: some positions are in unloaded chunks (none mismatched); not_checked: nothing could be judged',
  ),
  checked: z.number().int().describe('positions compared with the world'),
  matched: z.number().int(),
  mismatches: z.array(MismatchSchema).describe(`the first ${MAX_MISMATCHES} mismatches in y, z, x order`),
  unloaded: z.number().int().optional().describe('positions not compared because their chunk is unloaded'),
  notChecked: z
    .number()
    .int()
    .optional()
    .describe('positions whose expected block depends on what was there before, which is unknown'),
  overridden: z.number().int().optional().describe('positions left to a later write of the same batch'),
  reason: z.string().optional(),
});
export type Verification = z.infer<typeof VerificationSchema>;

/**
 * Every position the write could change was read back as written: `verified`, and no position left unjudged
 * (a `verified` write may still have positions whose expected block was unknown: `notChecked`).
 */
export const readBackAsWritten = (v: Verification | undefined): boolean =>
  v?.status === 'verified' && !v.notChecked;

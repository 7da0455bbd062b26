import { z } from 'zod';
import { ActionHintsSchema } from './action-hints.js';
import { VerificationSchema } from './verification.js';

/**
 * What became of one command. `skipped` is only used by batch plans (a condition or dependency not met);
 * `rolled_back`: it ran, but a transactional batch put its blocks back because another command failed.
 */
export const CommandStatusSchema = z.enum([
  'applied',
  'rejected_by_game',
  'execution_error',
  'timed_out',
  'rejected_by_safety',
  'unknown',
  'skipped',
  'rolled_back',
]);
export type CommandStatus = z.infer<typeof CommandStatusSchema>;

/** How the lines of a command were told apart from the lines of its neighbours. */
export const CaptureStrategySchema = z.enum(['fenced', 'serial']);
export type CaptureStrategy = z.infer<typeof CaptureStrategySchema>;

export const OutcomeDetailSchema = z.object({
  /** translation key of the message that decided the status (vanilla servers) */
  key: z.string().optional(),
  /** the key's arguments, as plain text */
  args: z.array(z.string()).optional(),
  /** the command failed only because the world already matched (fill/setblock "failed") */
  noChange: z.boolean().optional(),
  /** applied without any message: the server is known to be silent on success */
  inferred: z.boolean().optional(),
  /** the plain-text template that matched, on servers that send no keys */
  matchedText: z.string().optional(),
  /** why a result is what it is when no message decided it (disconnect, deadline, safety rule) */
  reason: z.string().optional(),
  /** safety rule that refused the command */
  rule: z.string().optional(),
  /** how to fix it: "did you mean …", the valid block states, or the command's usage (also in summary) */
  suggestion: z.string().optional(),
});
export type OutcomeDetail = z.infer<typeof OutcomeDetailSchema>;

export const BotPositionSchema = z.object({ x: z.number(), y: z.number(), z: z.number() });

export const CommandResultSchema = z.object({
  index: z.number().int().nonnegative(),
  id: z.string().optional(),
  command: z.string(),
  status: CommandStatusSchema,
  /** the command was sent to the server */
  accepted: z.boolean(),
  /** true: the world changed as asked; false: it did not; null: nobody can tell */
  applied: z.boolean().nullable(),
  executionTimeMs: z.number().nonnegative(),
  summary: z.string(),
  /** this command's own lines, plain text */
  chatMessages: z.array(z.string()),
  detail: OutcomeDetailSchema.optional(),
  captureStrategy: CaptureStrategySchema.optional(),
  /** applied block writes compared with the world afterwards */
  verification: VerificationSchema.optional(),
  /** the command moved the bot (tp/teleport): where it stands now */
  botPosition: BotPositionSchema.optional(),
});
export type CommandResult = z.infer<typeof CommandResultSchema>;

export const BatchResultSchema = z.object({
  totalCommands: z.number().int(),
  /** sent to the server */
  acceptedCount: z.number().int(),
  appliedCount: z.number().int(),
  /** rejected_by_game (but not noChange) + execution_error + timed_out + rejected_by_safety */
  failedCount: z.number().int(),
  /** rejected_by_game with detail.noChange: the world already matched, nothing changed, nothing to fix (omitted when 0) */
  unchangedCount: z.number().int().optional(),
  unknownCount: z.number().int(),
  /** commands not run because a dependency or condition was not met, or after stopOnFailure */
  skippedCount: z.number().int(),
  /** commands that ran but whose blocks a transactional batch put back (not in applied/failed counts) */
  rolledBackCount: z.number().int().optional(),
  executionTimeMs: z.number().nonnegative(),
  captureStrategy: CaptureStrategySchema,
  results: z.array(CommandResultSchema),
  /** every line of the batch in arrival order, for debugging */
  chatMessages: z.array(z.string()),
  /** what happened and what to do about it, in one or two sentences */
  hint: z.string(),
  /** suggested next steps, inferred from what was built (omitted when there is nothing to suggest) */
  actionHints: ActionHintsSchema.optional(),
  /** transactional batches: whether the snapshot was restored, and how that went */
  transaction: z
    .object({
      rolledBack: z.boolean(),
      reason: z.string().optional(),
      /** indexes of the commands whose failure rolled the batch back */
      causes: z.array(z.number().int()).optional(),
      restore: z
        .object({
          commands: z.number().int(),
          failed: z.number().int(),
          status: z.enum(['verified', 'mismatch', 'not_checked']),
          /** how many blocks were not put back (mismatches lists the first of them) */
          notRestoredCount: z.number().int().optional(),
          mismatches: z.array(
            z.object({
              x: z.number(),
              y: z.number(),
              z: z.number(),
              expected: z.string(),
              actual: z.string(),
            }),
          ),
        })
        .optional(),
    })
    .optional(),
  /** whether undo_last can put this batch's blocks back, and if not, why */
  undo: z.object({ status: z.enum(['recorded', 'not_recorded']), reason: z.string().optional() }).optional(),
  /** present when the safety policy shaped the batch */
  safety: z
    .object({
      /** one refusal stopped the whole batch: nothing was sent */
      blockedWholeBatch: z.boolean(),
      /** validate_safety: false was asked for but the operator's policy does not allow it */
      unsafeRequestIgnored: z.boolean(),
    })
    .optional(),
});
export type BatchResult = z.infer<typeof BatchResultSchema>;

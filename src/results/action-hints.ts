/** `actionHints` of a tool result: what to do next, found from what the commands actually did. */
import { z } from 'zod';
import { BoxSchema } from '../vocabulary/blocks/box.js';

/** At most this many next steps are returned, the most relevant first. */
export const MAX_NEXT_STEPS = 8;
/** At most this many module hints are returned, in rule order. */
export const MAX_MODULE_HINTS = 8;

export const HintActionSchema = z.enum([
  'add_door',
  'complete_door',
  'complete_bed',
  'support_block',
  'unblock_door',
  'add_window',
  'add_light',
  'add_roof',
  'add_floor',
  'extend_wall',
  'verify_blocks',
  'fix_block_id',
  'fix_block_state',
  'split_fill',
  'load_area',
  'resend_commands',
  'op_bot',
  'fix_position',
]);
export type HintAction = z.infer<typeof HintActionSchema>;

export const NextStepSchema = z.object({
  action: HintActionSchema,
  description: z.string().min(1),
  /** 0–1; the list is ordered by it, highest first */
  relevance: z.number().min(0).max(1),
  /** false: the build is wrong or unfinished without it */
  optional: z.boolean(),
  /** MCP tool that does it, e.g. `execute_commands` */
  suggestedTool: z.string().optional(),
  /** arguments for that tool, ready to send (`target` included when the call named one) */
  suggestedArgs: z.record(z.string(), z.unknown()).optional(),
});
export type NextStep = z.infer<typeof NextStepSchema>;

/** Something worth keeping in the caller's notes beyond this call. */
export const SaveSuggestionSchema = z.object({
  topic: z.string().min(1),
  reason: z.string().min(1),
});
export type SaveSuggestion = z.infer<typeof SaveSuggestionSchema>;

/**
 * The part of the world the hints read after the batch, or why they read none: hints about rooms, doors,
 * windows and light are drawn from it, and left out where it could not tell.
 */
export const WorldReadSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('read'),
    box: BoxSchema,
    /** blocks in the box */
    blocks: z.number().int().positive(),
    /** blocks in it the world could not tell (unloaded); hints that needed them were left out */
    unreadable: z.number().int().nonnegative(),
    /** the parts of the box that could not be read (its unloaded chunk columns; the first few) */
    unread: z.array(BoxSchema).optional(),
  }),
  z.object({ status: z.literal('not_read'), reason: z.string().min(1) }),
]);
export type WorldRead = z.infer<typeof WorldReadSchema>;

/** Omitted from a result altogether when there is nothing to suggest; never an empty object. */
export const ActionHintsSchema = z.object({
  nextSteps: z.array(NextStepSchema).min(1).max(MAX_NEXT_STEPS).optional(),
  moduleHints: z.array(z.string().min(1)).min(1).max(MAX_MODULE_HINTS).optional(),
  saveSuggestion: SaveSuggestionSchema.optional(),
  /** present with the hints it grounds, for batches that wrote blocks */
  worldRead: WorldReadSchema.optional(),
});
export type ActionHints = z.infer<typeof ActionHintsSchema>;

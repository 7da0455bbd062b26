/** Hints after a writing tool ran: `postExecuteHints` and the shapes it returns. */
export { analyzeBuild } from './batch/analyze.js';
export type { BatchShape, BuildContext, HintEntry, Room, VerificationStatus } from './context.js';
export { type PostExecuteInput, postExecuteHints, writtenBoxes } from './post-execute.js';
export { MAX_REGION_BLOCKS, WorldRegion } from './model/world-region.js';
export { growToBuilding, hintRegion, regionAround } from './model/hint-region.js';
export { growToRooms } from './model/room-reach.js';
export { batchKeepsRooms, isPlainForRooms, type WrittenCells } from './batch/room-neutral.js';
export { enclosedRoomsNear, shellOf } from './model/spaces.js';
export { type HintContext, type HintRule, RULES, type RuleOutput } from './rules.js';
export { UNLOADED_NOT_SENT } from './advice/resend.js';
export {
  type ActionHints,
  ActionHintsSchema,
  MAX_MODULE_HINTS,
  MAX_NEXT_STEPS,
  type NextStep,
  NextStepSchema,
  type SaveSuggestion,
  SaveSuggestionSchema,
} from '../results/action-hints.js';

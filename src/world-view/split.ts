/** Too-large area requests: the typed error and the split it suggests (shared with every boxed tool). */
export {
  AreaTooLargeError,
  type SplitAxis,
  checkBoxSize,
  readyParts,
  splitBox,
  splitPlan,
  type SplitPlan,
} from '../vocabulary/blocks/box-limit.js';

/** Too-large area requests: the typed error and the split it suggests (shared with every boxed tool). */
export {
  AreaTooLargeError,
  type SplitAxis,
  checkBoxSize,
  splitBox,
  splitPlan,
} from '../vocabulary/blocks/box-limit.js';

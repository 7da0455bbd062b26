/**
 * How vanilla's blocks behave beside each other (1.21.4 `net/minecraft/world/level/block/`), one module for
 * the embedded world, the structure upgrader, the hints and the checks: collision shapes (collision.ts),
 * sturdy faces (sturdy.ts), what holds a block up (support.ts), the neighbour shapes (shapes.ts), how each
 * release places a written block (placement.ts) and the block kinds and directions they share (blocks.ts).
 */
export {
  collisionBoxes,
  collisionBoxesByIndex,
  DYNAMIC_SHAPE,
  isEmptyShape,
  isFullBlockShape,
  lowestTop,
  SHAPES_VERSION,
  topOf,
  type Box,
} from './collision.js';
export { canSupportCenter, faceFull, type Face, sturdyFace, supportShape, type Support } from './sturdy.js';
export {
  bedOtherHalf,
  canSurvive,
  holds,
  isBed,
  isCarpet,
  isDoor,
  isTallPlant,
  needsCheckedFrom,
  type Offset,
  oppositeFace,
  stepOf,
  type SupportNeed,
  supportOf,
  type SupportRule,
} from './support.js';
export { type Direction, HORIZONTAL, OPPOSITE, CLOCKWISE, COUNTER, STEP, bare } from './blocks.js';
export {
  hasShapeRules,
  type Neighbours,
  shapeProperties,
  shapedBySideAlone,
  UPDATE_SHAPE_ORDER,
  updateFromNeighbourShapes,
  updateShape,
} from './shapes.js';
export { type Placement, placementOf } from './placement.js';

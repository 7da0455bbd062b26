/**
 * What holds a block up, as each block class's `canSurvive` and `updateShape` say (1.21.4,
 * `net/minecraft/world/level/block/`). A block that loses its support turns into air — but only when the
 * game runs its `updateShape` from the side that matters (`trigger`): a torch set over air by a command
 * stays until the block under it changes.
 * - BaseTorchBlock (torch, soul torch, redstone torch): Block.canSupportCenter of the block below, face up.
 * - WallTorchBlock, RedstoneWallTorchBlock: the block behind (opposite `facing`) has a sturdy face towards it.
 * - LadderBlock: the same, behind.
 * - LanternBlock: `hanging` — the block above, canSupportCenter face down; otherwise the block below, face up.
 * - CarpetBlock (wool carpets, moss carpet): anything but air below (`!isEmptyBlock`), checked on every update.
 * - DoorBlock: the lower half needs a sturdy top below; the upper half needs the same door below it. Each
 *   half also drops when the cell of its other half holds no half of a door (DoorBlock.updateShape).
 * - BedBlock: no canSurvive; a half drops when the cell of its other half (FOOT: towards `facing`, HEAD: away)
 *   holds no bed of the same kind's other part (BedBlock.updateShape).
 * - DoublePlantBlock, TallFlowerBlock (tall grass, large fern, pitcher plant; sunflower, lilac, rose bush,
 *   peony): like a door's halves; the lower half needs BushBlock.mayPlaceOn below (the `dirt` tag or
 *   farmland), checked on every update (BushBlock.updateShape runs canSurvive whatever the side).
 */
import type { BlockState } from '../blocks/block-state.js';
import { isAir } from '../blocks/block-state.js';
import { bare, type Direction, isDirection, OPPOSITE } from './blocks.js';
import { canSupportCenter, type Face, sturdyFace } from './sturdy.js';

export type Offset = readonly [number, number, number];

/** how the block at `offset` must hold this one */
export type SupportRule =
  /** Block.canSupportCenter of `face` of the block at `offset` */
  | 'center'
  /** Block.isFaceSturdy (FULL) of `face` of the block at `offset` */
  | 'sturdy'
  /** anything but air (CarpetBlock) */
  | 'not-air'
  /** the other half of the same block (doors, beds, tall plants) */
  | 'other-half'
  /** BushBlock.mayPlaceOn: a block of the `dirt` tag, or farmland */
  | 'ground';

export interface SupportNeed {
  /** where the holding block stands, from this block */
  offset: Offset;
  /** where the holding block is, in words */
  from: 'below' | 'above' | 'behind' | 'other half';
  rule: SupportRule;
  /** the face of the holding block that must hold (for `center` and `sturdy`) */
  face: Face;
  /** the side whose update makes the game check (updateShape's direction); `any` for carpets */
  trigger: Face | 'any';
  /** the vanilla class whose rule this is */
  cls: string;
}

const FACE_STEP: Record<Face, Offset> = {
  north: [0, 0, -1],
  south: [0, 0, 1],
  west: [-1, 0, 0],
  east: [1, 0, 0],
  up: [0, 1, 0],
  down: [0, -1, 0],
};
const OPPOSITE_FACE: Record<Face, Face> = { ...OPPOSITE, up: 'down', down: 'up' };

/** the offset of the cell on `face` side of a block */
export const stepOf = (face: Face): Offset => FACE_STEP[face];
export const oppositeFace = (face: Face): Face => OPPOSITE_FACE[face];

const TORCHES = new Set(['torch', 'soul_torch', 'redstone_torch']);
const WALL_TORCHES = new Set(['wall_torch', 'soul_wall_torch', 'redstone_wall_torch']);
const TALL_PLANTS = new Set([
  'tall_grass',
  'large_fern',
  'sunflower',
  'lilac',
  'rose_bush',
  'peony',
  'pitcher_plant',
]);
const TALL_FLOWERS = new Set(['sunflower', 'lilac', 'rose_bush', 'peony']);
export const isDoor = (s: BlockState) => bare(s.name).endsWith('_door');
export const isBed = (s: BlockState) => bare(s.name).endsWith('_bed');
export const isTallPlant = (s: BlockState) => TALL_PLANTS.has(bare(s.name));
export const isCarpet = (s: BlockState) => {
  const n = bare(s.name);
  return n.endsWith('_carpet') && n !== 'pale_moss_carpet';
};

/** The cell a bed's other half stands in (BedBlock.getNeighbourDirection): FOOT → facing, HEAD → away. */
export function bedOtherHalf(s: BlockState): Direction | undefined {
  const facing = s.properties['facing'];
  if (!isDirection(facing)) return undefined;
  return s.properties['part'] === 'head' ? OPPOSITE[facing] : facing;
}

const below = (rule: SupportRule, cls: string): SupportNeed => ({
  offset: FACE_STEP.down,
  from: 'below',
  rule,
  face: 'up',
  trigger: rule === 'not-air' || rule === 'ground' ? 'any' : 'down',
  cls,
});

/** BlockTags.DIRT (VanillaBlockTagsProvider, 1.21.4) and farmland: what BushBlock.mayPlaceOn accepts */
const BUSH_GROUND = new Set([
  'dirt',
  'grass_block',
  'podzol',
  'coarse_dirt',
  'mycelium',
  'rooted_dirt',
  'moss_block',
  'pale_moss_block',
  'mud',
  'muddy_mangrove_roots',
  'farmland',
]);

/**
 * What the block needs to stay, one entry per holding cell; empty when it needs nothing the module models.
 * A door and a tall plant list their other half and (lower half) the ground; a bed its other half.
 */
export function supportOf(s: BlockState): SupportNeed[] {
  const n = bare(s.name);
  if (TORCHES.has(n))
    return [below('center', n === 'redstone_torch' ? 'RedstoneTorchBlock' : 'BaseTorchBlock')];
  const facing = s.properties['facing'];
  if ((WALL_TORCHES.has(n) || n === 'ladder') && isDirection(facing)) {
    const back = OPPOSITE[facing];
    return [
      {
        offset: FACE_STEP[back],
        from: 'behind',
        rule: 'sturdy',
        face: facing,
        trigger: back,
        cls:
          n === 'ladder'
            ? 'LadderBlock'
            : n === 'redstone_wall_torch'
              ? 'RedstoneWallTorchBlock'
              : 'WallTorchBlock',
      },
    ];
  }
  if (n === 'lantern' || n === 'soul_lantern') {
    if (s.properties['hanging'] !== 'true') return [below('center', 'LanternBlock')];
    return [
      {
        offset: FACE_STEP.up,
        from: 'above',
        rule: 'center',
        face: 'down',
        trigger: 'up',
        cls: 'LanternBlock',
      },
    ];
  }
  if (isCarpet(s)) return [below('not-air', 'CarpetBlock')];
  if (isDoor(s) || isTallPlant(s)) {
    const cls = isDoor(s) ? 'DoorBlock' : 'DoublePlantBlock';
    const upper = s.properties['half'] === 'upper';
    const other: SupportNeed = {
      offset: upper ? FACE_STEP.down : FACE_STEP.up,
      from: 'other half',
      rule: 'other-half',
      face: upper ? 'up' : 'down',
      trigger: upper ? 'down' : 'up',
      cls,
    };
    if (upper) return [other];
    return [
      other,
      isDoor(s)
        ? below('sturdy', cls)
        : below('ground', TALL_FLOWERS.has(bare(s.name)) ? 'TallFlowerBlock' : cls),
    ];
  }
  const bed = isBed(s) ? bedOtherHalf(s) : undefined;
  if (bed)
    return [
      {
        offset: FACE_STEP[bed],
        from: 'other half',
        rule: 'other-half',
        face: OPPOSITE[bed],
        trigger: bed,
        cls: 'BedBlock',
      },
    ];
  return [];
}

/** Is `other`, standing at the need's offset, the other half `self` needs? */
function otherHalf(self: BlockState, other: BlockState): boolean {
  if (isBed(self)) return other.name === self.name && other.properties['part'] !== self.properties['part'];
  // DoorBlock.updateShape accepts any door's other half (it copies its state); DoublePlantBlock the same plant
  const same = isDoor(self) ? isDoor(other) : other.name === self.name;
  return same && other.properties['half'] !== self.properties['half'];
}

/** Does `holder` meet the need `need` of `self`? */
export function holds(self: BlockState, need: SupportNeed, holder: BlockState): boolean {
  switch (need.rule) {
    case 'center':
      return canSupportCenter(holder, need.face);
    case 'sturdy':
      return sturdyFace(holder, need.face);
    case 'not-air':
      return !isAir(holder);
    case 'other-half':
      return otherHalf(self, holder);
    case 'ground':
      return BUSH_GROUND.has(bare(holder.name));
  }
}

/**
 * The block's canSurvive (with its other half, for doors, beds and tall plants), `at(dx, dy, dz)` giving
 * the state beside it; undefined when a cell it needs cannot be read. True for blocks that need nothing.
 */
export function canSurvive(
  s: BlockState,
  at: (dx: number, dy: number, dz: number) => BlockState | undefined,
): boolean | undefined {
  let unknown = false;
  for (const need of supportOf(s)) {
    const holder = at(...need.offset);
    if (holder === undefined) unknown = true;
    else if (!holds(s, need, holder)) return false;
  }
  return unknown ? undefined : true;
}

/** the support need whose check an update from `face` runs (a carpet checks on any) */
export const needsCheckedFrom = (s: BlockState, face: Face): SupportNeed[] =>
  supportOf(s).filter((n) => n.trigger === 'any' || n.trigger === face);

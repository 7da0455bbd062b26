/**
 * A block's state as its neighbours shape it: each class's `updateShape` (1.21.4,
 * `net/minecraft/world/level/block/`), run for one side (`updateShape`) or for all six in vanilla's order
 * (`updateFromNeighbourShapes`, Block.updateFromNeighbourShapes over BlockBehaviour.UPDATE_SHAPE_ORDER:
 * west, east, north, south, down, up). Shape updates only: what `neighborChanged` does (redstone power,
 * rails) and what scheduled ticks do (falling blocks, leaf decay, chorus plants that cannot survive) is
 * left out. The rules, per class:
 * - FenceBlock, IronBarsBlock (panes, bars): a horizontal side joins what connections.ts says.
 * - WallBlock: a side joins (sideUpdate; the other sides keep whether they joined), tall or low by the
 *   block on the wall; the post from that block (topUpdate, shouldRaisePost) — walls.ts.
 * - FenceGateBlock: `in_wall` when a wall stands on either side along its gate's axis.
 * - StairBlock: `shape` from the stairs in front and behind (StairBlock.getStairsShape, stairs.ts).
 * - ChestBlock: a single chest joins only a neighbour of the same kind, facing the same way, that is
 *   already half of a pair pointing at it; a half whose partner's cell no longer holds that chest kind
 *   turns single.
 * - RedStoneWireBlock: from above, all sides by getConnectionState (wire.ts); from a side, that side alone
 *   unless its connection comes or goes (then all, from the cross); from below, it drops where it cannot
 *   stand (canSurviveOn: a sturdy top or a hopper).
 * - TripWireBlock: a side joins a tripwire or a hook facing back at it.
 * - DoorBlock, DoublePlantBlock: a half takes its other half's state (a door) or drops without it; the
 *   lower half drops without its ground (a door's sturdy top; a plant's ground, BushBlock.mayPlaceOn, checked from every side).
 * - BedBlock: a half drops when its other half's cell holds no other part of the same bed.
 * - SnowyDirtBlock (grass block, podzol, mycelium): `snowy` from the block above (tag `snow`).
 * - NoteBlock: `instrument` from the block below, or a head above (note-blocks.ts).
 * - ChorusPlantBlock: a side joins chorus plant or flower (and end stone below).
 * - HugeMushroomBlock: a face beside the same mushroom block turns off (it never turns back on).
 * - Torches, wall torches, ladders, lanterns, carpets: air when their support goes (support.ts).
 */
import { AIR, type BlockState, isAir } from '../blocks/block-state.js';
import {
  axis,
  bare,
  CLOCKWISE,
  COUNTER,
  type Direction,
  isChest,
  isDirection,
  isFence,
  isFenceGate,
  isPaneOrBars,
  isStairs,
  isWall,
  OPPOSITE,
  STEP,
} from './blocks.js';
import { connects } from './connections.js';
import { isNoteBlock, noteBlockInstrument } from './note-blocks.js';
import { stairsShape } from './stairs.js';
import { type Face, sturdyFace } from './sturdy.js';
import { holds, isBed, isDoor, isTallPlant, needsCheckedFrom, stepOf, supportOf } from './support.js';
import { raisePost, wallCover } from './walls.js';
import { isWire, wireSides, wireSideUpdate } from './wire.js';

/** the state beside, `(dx, dy, dz)` from the block; undefined where nobody can read it (the state stays) */
export type Neighbours = (dx: number, dy: number, dz: number) => BlockState | undefined;

/** BlockBehaviour.UPDATE_SHAPE_ORDER */
export const UPDATE_SHAPE_ORDER: readonly Face[] = ['west', 'east', 'north', 'south', 'down', 'up'];

const withProps = (s: BlockState, properties: Record<string, string>): BlockState => {
  const changes = Object.entries(properties).filter(
    ([k, v]) => s.properties[k] !== undefined && s.properties[k] !== v,
  );
  return changes.length
    ? { name: s.name, properties: { ...s.properties, ...Object.fromEntries(changes) } }
    : s;
};
const isHorizontal = (face: Face): face is Direction => isDirection(face);
const SNOW = new Set(['snow', 'snow_block', 'powder_snow']);
const SNOWY_DIRT = new Set(['grass_block', 'podzol', 'mycelium']);
const MUSHROOM_BLOCKS = new Set(['brown_mushroom_block', 'red_mushroom_block', 'mushroom_stem']);

/** ChestBlock.getConnectedDirection: a left half's partner on its facing's clockwise side, else counter-clockwise */
function chestPartner(s: BlockState): Direction | undefined {
  const facing = s.properties['facing'];
  if (!isDirection(facing)) return undefined;
  return s.properties['type'] === 'left' ? CLOCKWISE[facing] : COUNTER[facing];
}

/** the wall's sides (joined or not) made tall/low and its post, by the block on it (WallBlock.updateShape) */
function wallShaped(self: BlockState, joined: Record<Direction, boolean>, above: BlockState): BlockState {
  const covered = wallCover(above);
  const sides: Record<string, string> = {};
  for (const d of Object.keys(joined) as Direction[]) {
    if (self.properties[d] === undefined) continue;
    // a block whose collision is not its state's alone: the side keeps its height
    sides[d] = !joined[d]
      ? 'none'
      : covered
        ? covered.sides[d]
          ? 'tall'
          : 'low'
        : self.properties[d] === 'tall'
          ? 'tall'
          : 'low';
  }
  const up = raisePost({ ...self.properties, ...sides }, above, covered);
  if (up !== undefined) sides['up'] = String(up);
  return withProps(self, sides);
}

const wallJoined = (s: BlockState): Record<Direction, boolean> => ({
  north: (s.properties['north'] ?? 'none') !== 'none',
  east: (s.properties['east'] ?? 'none') !== 'none',
  south: (s.properties['south'] ?? 'none') !== 'none',
  west: (s.properties['west'] ?? 'none') !== 'none',
});

/**
 * The block's updateShape for a change on its `face` side: `at` reads the neighbours (the one on `face`
 * and, for the rules that look further, others). Returns air where the block drops.
 */
export function updateShape(self: BlockState, face: Face, at: Neighbours): BlockState {
  const [dx, dy, dz] = stepOf(face);
  const other = at(dx, dy, dz);
  if (other === undefined) return self;
  // support: torches, wall torches, ladders, lanterns, carpets (their classes check before anything else)
  for (const need of needsCheckedFrom(self, face)) {
    if (need.rule === 'other-half') continue;
    const holder = at(...need.offset);
    if (holder !== undefined && !holds(self, need, holder)) return AIR;
  }
  const name = bare(self.name);
  if (isDoor(self) || isTallPlant(self)) {
    const lower = self.properties['half'] === 'lower';
    if (face === (lower ? 'up' : 'down')) {
      const half = isDoor(self) ? isDoor(other) : other.name === self.name;
      if (!half || other.properties['half'] === self.properties['half']) return AIR;
      // DoorBlock.updateShape: the half becomes its other half's state with its own half
      return isDoor(self)
        ? { name: other.name, properties: { ...other.properties, half: self.properties['half']! } }
        : self;
    }
    if (lower && face === 'down' && isDoor(self) && !sturdyFace(other, 'up')) return AIR;
    return self;
  }
  if (isBed(self)) {
    const facing = self.properties['facing'];
    if (!isDirection(facing)) return self;
    const towards = self.properties['part'] === 'head' ? OPPOSITE[facing] : facing;
    if (face !== towards) return self;
    return other.name === self.name && other.properties['part'] !== self.properties['part'] ? self : AIR;
  }
  if (isHorizontal(face)) {
    if (isFence(self) || isPaneOrBars(self))
      return withProps(self, { [face]: String(connects(self, other, OPPOSITE[face])) });
    if (isWall(self)) {
      const above = at(0, 1, 0);
      if (above === undefined) return self;
      return wallShaped(self, { ...wallJoined(self), [face]: connects(self, other, OPPOSITE[face]) }, above);
    }
    if (isStairs(self)) {
      const shape = stairsShape(self, (x, z) => at(x, 0, z));
      return shape ? withProps(self, { shape }) : self;
    }
    if (isFenceGate(self)) {
      const facing = self.properties['facing'];
      if (!isDirection(facing) || axis(CLOCKWISE[facing]) !== axis(face)) return self;
      const [ox, oz] = STEP[OPPOSITE[face]];
      const opposite = at(ox, 0, oz);
      if (opposite === undefined) return self;
      return withProps(self, { in_wall: String(isWall(other) || isWall(opposite)) });
    }
    if (isChest(self)) {
      if (other.name === self.name) {
        const type = other.properties['type'];
        if (
          self.properties['type'] === 'single' &&
          type !== 'single' &&
          type !== undefined &&
          self.properties['facing'] === other.properties['facing'] &&
          chestPartner(other) === OPPOSITE[face]
        )
          return withProps(self, { type: type === 'left' ? 'right' : 'left' });
      } else if (chestPartner(self) === face) return withProps(self, { type: 'single' });
      return self;
    }
    if (name === 'tripwire') {
      const hooked = bare(other.name) === 'tripwire_hook' && other.properties['facing'] === OPPOSITE[face];
      return withProps(self, { [face]: String(hooked || bare(other.name) === 'tripwire') });
    }
  }
  if (isWall(self) && face === 'up') return wallShaped(self, wallJoined(self), other);
  if (isWire(self)) {
    if (face === 'down') return canWireStandOn(other) ? self : AIR;
    const sides = isHorizontal(face) ? wireSideUpdate(self, face, at) : wireSides(self, at);
    return sides ? withProps(self, sides) : self;
  }
  if (SNOWY_DIRT.has(name) && face === 'up')
    return withProps(self, { snowy: String(SNOW.has(bare(other.name))) });
  if (isNoteBlock(self) && (face === 'up' || face === 'down')) {
    const instrument = noteBlockInstrument(at(0, 1, 0), at(0, -1, 0));
    return instrument ? withProps(self, { instrument }) : self;
  }
  if (name === 'chorus_plant') {
    const o = bare(other.name);
    return withProps(self, {
      [face]: String(o === 'chorus_plant' || o === 'chorus_flower' || (face === 'down' && o === 'end_stone')),
    });
  }
  if (MUSHROOM_BLOCKS.has(name) && other.name === self.name) return withProps(self, { [face]: 'false' });
  return self;
}

/** RedStoneWireBlock.canSurviveOn: a sturdy top, or a hopper */
const canWireStandOn = (below: BlockState) => bare(below.name) === 'hopper' || sturdyFace(below, 'up');

/** Block.updateFromNeighbourShapes: updateShape from each side in UPDATE_SHAPE_ORDER, air once it drops */
export function updateFromNeighbourShapes(self: BlockState, at: Neighbours): BlockState {
  let state = self;
  for (const face of UPDATE_SHAPE_ORDER) {
    state = updateShape(state, face, at);
    if (isAir(state)) return state;
  }
  return state;
}

/**
 * Whether any rule above can change this block (the others keep their state whatever their neighbours):
 * a world skips the neighbour reads for them.
 */
export function hasShapeRules(s: BlockState): boolean {
  const name = bare(s.name);
  return (
    isFence(s) ||
    isPaneOrBars(s) ||
    isWall(s) ||
    isStairs(s) ||
    isFenceGate(s) ||
    isChest(s) ||
    isWire(s) ||
    isNoteBlock(s) ||
    name === 'tripwire' ||
    name === 'chorus_plant' ||
    SNOWY_DIRT.has(name) ||
    MUSHROOM_BLOCKS.has(name) ||
    supportOf(s).length > 0
  );
}

/**
 * Whether the block's updateShape from a side reads nothing but the block on that side (fences, panes, iron
 * bars: their sides join what stands there, and no rule looks further or holds them up), so that a world may
 * keep its answers by (state, side, neighbour's state).
 */
export const shapedBySideAlone = (s: BlockState): boolean => isFence(s) || isPaneOrBars(s);

const SIDES = ['north', 'east', 'south', 'west'] as const;
const SIX = ['north', 'east', 'south', 'west', 'up', 'down'] as const;

/**
 * The properties the rules above may set on this block (what a neighbour can override): a fence's sides,
 * a wall's sides and post, a stair's shape, a door half's state taken from its other half…; empty for a
 * block no rule shapes.
 */
export function shapeProperties(s: BlockState): readonly string[] {
  const name = bare(s.name);
  if (isFence(s) || isPaneOrBars(s) || isWire(s) || name === 'tripwire') return SIDES;
  if (isWall(s)) return [...SIDES, 'up'];
  if (isStairs(s)) return ['shape'];
  if (isFenceGate(s)) return ['in_wall'];
  if (isChest(s)) return ['type'];
  if (isDoor(s)) return ['facing', 'hinge', 'open', 'powered'];
  if (isNoteBlock(s)) return ['instrument'];
  if (SNOWY_DIRT.has(name)) return ['snowy'];
  if (name === 'chorus_plant' || MUSHROOM_BLOCKS.has(name)) return SIX;
  return [];
}

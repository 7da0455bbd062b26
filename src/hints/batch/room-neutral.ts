/**
 * When a batch cannot change what the hints say about a room the world holds, so that the search for rooms
 * around its writes (the flood through the air next to them, model/flood.ts) can be skipped.
 *
 * A room's verdict is read from its cells: which are open, solid or doors (its enclosure, floor, roof and
 * doorways), which are glass (windows), light sources, beds, stairs or slabs (a roof space), and how high a
 * block in front of a door reaches (furniture a player cannot step over). A "plain" block is one that
 * answers every one of those questions the same way as any other plain block: it stands in the way (vanilla
 * `BlockBehaviour.hasCollision`, 1.21.4 `net/minecraft/world/level/block/state/BlockBehaviour.java`: a
 * collision shape that is not empty), reaches a full block high in every state, and is no door, glass,
 * light, bed, stair, slab, and no block that falls (`FallingBlock`) or powers redstone. Replacing a plain
 * block with another plain block (stone with dirt) changes no room's verdict; anything else — a block set
 * in air, air made in a wall, a window, a lamp, a write whose blocks were not all read before and after —
 * may, and the search runs.
 */
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import { isLightSource, isPassable, lowestTop } from '../block-data.js';
import { bare, isAirName, isBedName, isDoorName, isGlassName } from './blocks.js';
import type { HintEntry } from '../context.js';
import { writeBox } from '../geometry.js';

/** blocks that fall when nothing is under them, and blocks that power redstone next to them */
const MOVING =
  /(^|_)(sand|gravel|concrete_powder|anvil|redstone_block|observer|target|scaffolding|pointed_dripstone)$/;
const ROOF = /_(stairs|slab)$/;

/** `b` is plain for rooms (see the module header): another plain block in its place changes no room's verdict */
export const isPlainForRooms = (b: BlockState, version?: string): boolean => {
  const name = bare(b.name);
  return (
    !isAirName(name) &&
    !isPassable(name, version) &&
    !isDoorName(name) &&
    !isGlassName(name) &&
    !isBedName(name) &&
    !ROOF.test(name) &&
    !MOVING.test(name) &&
    lowestTop(name, version) >= 1 &&
    !isLightSource(b.name, b.properties, version)
  );
};

/** How the cells a batch wrote are read: before it ran, and after; undefined where not known. */
export interface WrittenCells {
  before(pos: BlockPos): BlockState | undefined;
  after(pos: BlockPos): BlockState | undefined;
}

/** Most cells compared: a batch that wrote more is searched for rooms as before. */
export const MAX_COMPARED_CELLS = 32_768;

/**
 * True when nothing the batch's commands did can change a room's verdict: every command the server took
 * set or filled blocks at known positions in the bot's dimension (no clone, no command with effects
 * elsewhere), and every cell it could write held a plain block before and holds one after.
 */
export function batchKeepsRooms(
  entries: readonly HintEntry[],
  cells: WrittenCells,
  version?: string,
): boolean {
  const plain = new Map<BlockState, boolean>();
  const isPlain = (b: BlockState | undefined): boolean => {
    if (b === undefined) return false;
    let p = plain.get(b);
    if (p === undefined) plain.set(b, (p = isPlainForRooms(b, version)));
    return p;
  };
  let compared = 0;
  for (const e of entries) {
    if (!e.result.accepted) continue;
    if (e.writes.length === 0) return false;
    for (const w of e.writes) {
      if (w.kind === 'clone' || w.unresolved || w.dimension !== undefined) return false;
      const { min, max } = writeBox(w);
      compared += (max.x - min.x + 1) * (max.y - min.y + 1) * (max.z - min.z + 1);
      if (compared > MAX_COMPARED_CELLS) return false;
      for (let x = min.x; x <= max.x; x++)
        for (let y = min.y; y <= max.y; y++)
          for (let z = min.z; z <= max.z; z++) {
            const pos = { x, y, z };
            if (!isPlain(cells.before(pos)) || !isPlain(cells.after(pos))) return false;
          }
    }
  }
  return true;
}

/** What the analyzer learned from a batch: the shapes it built and what became of each command. */
import type { BlockSpec, BlockWrite, ExecutorPosition } from '../commands/block-write.js';
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import type { CommandResult } from '../results/schema.js';
import type { Side } from './geometry.js';
import type { WorldRegion } from './model/world-region.js';
import type { BuildingModel } from './model/building.js';

/** Per-command result of automatic verification, when it ran. */
export type VerificationStatus = 'verified' | 'mismatch' | 'unloaded' | 'not_checked';

export interface HintEntry {
  command: string;
  result: CommandResult;
  /** the command's block writes, absolute coordinates (from the command parser; empty for other commands) */
  writes: BlockWrite[];
  verification?: { status: string };
}

/** A 1-thick vertical fill. `plane: 'x'` = the wall lies in a plane of constant x (it runs along z). */
export interface Wall {
  box: Box;
  plane: 'x' | 'z';
  block: BlockSpec;
  entries: number[];
}

/** A 1-thick horizontal fill; `role` from what stands on or under it. */
export interface Slab {
  box: Box;
  block: BlockSpec;
  role: 'floor' | 'roof';
  entries: number[];
}

export interface Door {
  block: BlockSpec;
  lower?: BlockPos;
  upper?: BlockPos;
  facing?: string;
  /** both halves present (setblock of a door places only the half it names) */
  complete: boolean;
  /** incomplete, and the world holds this block where the other half goes */
  blockedBy?: string;
  entries: number[];
}

/**
 * A bed the batch set: `part=foot` (vanilla's default) with its head one block towards `facing`. Like a
 * door, setblock places only the half it names.
 */
export interface Bed {
  block: BlockSpec;
  foot?: BlockPos;
  head?: BlockPos;
  facing: Side;
  complete: boolean;
  /** incomplete, and the world holds this block where the other half goes */
  blockedBy?: string;
  /** incomplete and blocked: the cell on the far side of the half it has is free (air) */
  turnable?: boolean;
  entries: number[];
}

/** A door or doorway of a room with a block standing in front of it inside, at floor or head height. */
export interface BlockedEntrance {
  kind: 'door' | 'doorway';
  side: Side;
  /** the door's lower half, or the doorway's lowest cell */
  at: BlockPos;
  /** the block in the way and the box it takes (both halves of a bed) */
  blocker: { pos: BlockPos; name: string; box: Box };
  /** where the box's lowest corner can go: free floor in the room, off every entrance */
  moveTo?: BlockPos;
}

export interface Feature {
  box: Box;
  block: BlockSpec;
  /** the command that set it; -1 when read from the world */
  entry: number;
}

export interface RoomOpening {
  side: Side;
  box: Box;
}

export interface Room {
  /** outer box, walls included */
  box: Box;
  /** the enclosed space */
  interior: Box;
  /** `world`: not outlined by the batch, found enclosed in the world around it */
  source: 'hollow' | 'outline' | 'carved' | 'walls' | 'world';
  /** the material of its walls */
  block: BlockSpec;
  entries: number[];
  hasFloor: boolean;
  hasRoof: boolean;
  /** indexes into `BuildContext.doors` */
  doors: Array<{ door: number; side: Side }>;
  windows: RoomOpening[];
  /** air cut into a side, at least 2 high from the floor: passable without a door */
  doorways: RoomOpening[];
  /** indexes into `BuildContext.lights` */
  lights: number[];
  /** what its furniture says it is (a bed: a bedroom); read from the world */
  kind?: 'bedroom';
  /** entrances a block stands in front of, inside; read from the world */
  blocked?: BlockedEntrance[];
  /**
   * indexes into `BuildContext.touched`: the writes that landed in its air or its shell (model/building.ts
   * `touchedBy`), the ones whose read-back tells whether it stands as written. Absent: not worked out.
   */
  touchedBy?: number[];
  /**
   * a walkable path from open sky into it (the building model, model/building.ts): `none` only where
   * everything around the path was read; `unknown`: the walk ran out of what was read. Absent: not judged.
   */
  wayIn?: 'walkable' | 'none' | 'unknown';
}

/** Two perpendicular walls whose ends come close but leave a gap; `fills` close it. */
export interface WallGap {
  walls: [number, number];
  corner: { x: number; z: number };
  fills: Array<{ box: Box; block: BlockSpec; wall: number }>;
}

export interface TouchedBox {
  box: Box;
  entry: number;
  /** `applied`: the server said so; `uncertain`: unknown or timed out, it may have changed */
  status: 'applied' | 'uncertain';
  verification?: string;
}

export interface CommandOutcome {
  entry: number;
  command: string;
  key?: string;
  args: string[];
  writes: BlockWrite[];
}

/** A block the batch set whose support reads as air: the game drops it on the next neighbour update. */
export interface Unsupported {
  pos: BlockPos;
  name: string;
  /** where it must be held from */
  from: 'below' | 'above' | 'behind';
  /** the cell that holds nothing */
  support: BlockPos;
  /** the vanilla class whose canSurvive and updateShape drop it (block-behaviour's support rules) */
  cls?: string;
  /** true: the game checks it when any neighbour changes (a carpet); else only when `from` changes */
  anySide?: boolean;
}

export interface BuildContext {
  rooms: Room[];
  /**
   * air next to the writes that runs on out of the area read (model/room-reach.ts `cutOffAir`), its part
   * inside it: whether it is a room could not be judged
   */
  cutOff?: Box[];
  /** read from the world: blocks set where nothing holds them */
  unsupported?: Unsupported[];
  walls: Wall[];
  slabs: Slab[];
  floors: Slab[];
  roofs: Slab[];
  doors: Door[];
  beds: Bed[];
  windows: Feature[];
  lights: Feature[];
  gaps: WallGap[];
  touched: TouchedBox[];
  /** rejected_by_game without noChange */
  rejected: CommandOutcome[];
  /** rejected_by_game with noChange: the world already matched */
  noChange: CommandOutcome[];
}

/**
 * The batch as the caller sent it, for steps that give its commands again: each step's id and what it waits
 * for (indexes into the batch), and the options a resend keeps.
 */
export interface BatchShape {
  steps: ReadonlyArray<{
    id?: string | undefined;
    dependsOn: readonly number[];
    ifSuccess?: number | undefined;
    ifFailed?: number | undefined;
  }>;
  transactional?: boolean | undefined;
  stopOnFailure?: boolean | undefined;
  /** the transaction was rolled back: nothing of the batch stands, all of it is to be sent again */
  rolledBack?: boolean | undefined;
}

/** What every rule sees. */
export interface HintContext {
  /** the batch's ids, dependencies and options; absent: a resend gives plain commands */
  batch?: BatchShape;
  /** whether a position is inside something already built (the bot's view of the world); absent: unknown */
  indoors?: (pos: BlockPos) => boolean;
  /** whether a suggested command could be run (safety policy, the server's commands); absent: assume so */
  allows?: (command: string) => boolean;
  build: BuildContext;
  entries: readonly HintEntry[];
  /** the MCP tool that ran the commands */
  tool: string;
  /** connection name, copied into suggestedArgs */
  target?: string;
  /** where the bot stands, to put a door on its side */
  executor?: ExecutorPosition;
  /** server version for block ids (minecraft-data) */
  mcVersion: string;
  bot?: { name?: string; operator?: boolean };
  /** the world the hints read after the batch (world-region.ts): the building model and the referee read it */
  region?: WorldRegion;
  /** the building model of this answer (model/building.ts): every rule that speaks of rooms, doors or windows reads it */
  model?: BuildingModel;
  /** the batch placed a plan (a structure file): its own defects are the plan's, said as such, not repaired */
  plan?: boolean;
}

/**
 * A new user's session, written out: the calls an LLM sends to build a two-room house, a second storey reached
 * by stairs through a hole in its floor, an attic reached by a ladder through a trapdoor hatch, a ladder tower
 * of two storeys, a basement dug into the earth under it, a hut placed from a structure file, and the usual
 * mistakes (a door with only its lower half, a torch in mid-air, a floor one block too high, a batch that
 * removes a door's upper half, a fill over a window). Next to each call stands the truth it leaves, known by
 * construction: the rooms with their air, which a player can walk into from open sky, what holds what up and
 * which blocks nothing holds. Imports nothing from src/: it is the yardstick the answers are judged against.
 *
 * Vanilla's rules followed where the world does more than write the cells a command names:
 * `DoorBlock.updateShape` (a lower half whose upper half is taken away becomes air; a half set alone by
 * /setblock stands until a neighbour above or below changes), `TorchBlock`/`BaseTorchBlock.canSurvive`
 * (a torch needs the top of the block below), `LadderBlock.canSurvive` and `WallTorchBlock.canSurvive`
 * (the block behind).
 */
import type { NotRoom, RoomKind, Support, TruthRoom } from './build.js';
import { bounding, type Grid, isAir, parseState, type Pos } from './grid.js';
import { FILE_SIZE, type FileName, fileBlock } from './conversation-files.js';
import { settle } from './vanilla-updates.js';

/** The truth the script keeps as it goes: the world's grid, its rooms, what holds what, what nothing holds. */
export interface Truth {
  grid: Grid;
  rooms: Map<string, TruthRoom>;
  notRooms: Map<string, NotRoom>;
  supports: Support[];
  /** blocks standing where vanilla's canSurvive fails: nothing holds them */
  unsupported: Array<{ at: Pos; block: string }>;
}

export interface Call {
  /** what the user asked for, in a few words */
  say: string;
  tool: 'execute_commands' | 'place_structure';
  /** execute_commands: the commands, exactly as sent */
  commands?: string[];
  /** place_structure: the file (in the structures folder) and where its corner goes */
  place?: { file: FileName; origin: Pos };
  /** the truth after the call (the commands' own writes are applied to the grid before it runs) */
  then: (t: Truth) => void;
}

export const script = (o: Pos): Call[] => {
  const G = o.y;
  /** a cell by its offsets from the site's corner (dy from ground level) */
  const at = (dx: number, dy: number, dz: number): Pos => ({ x: o.x + dx, y: G + dy, z: o.z + dz });
  /** the same cell, as a command writes it */
  const s = (dx: number, dy: number, dz: number): string => `${o.x + dx} ${G + dy} ${o.z + dz}`;
  const cells = (dx0: number, dy0: number, dz0: number, dx1: number, dy1: number, dz1: number): Pos[] => {
    const out: Pos[] = [];
    for (let y = dy0; y <= dy1; y++)
      for (let z = dz0; z <= dz1; z++) for (let x = dx0; x <= dx1; x++) out.push(at(x, y, z));
    return out;
  };
  /** a room of the truth: its box's cells that hold air (a torch, a ladder or a stair in it is no air) */
  const room = (t: Truth, label: string, kind: RoomKind, air: Pos[], wayIn: boolean): void => {
    const own = air.filter((p) => isAir(t.grid.get(p)));
    t.rooms.set(label, { label, kind, air: own, box: bounding(own)!, wayIn });
  };
  const holds = (t: Truth, p: Pos, block: string, from: Support['from'], by: Pos): void => {
    t.supports.push({ at: p, block, from, by });
  };
  const door = (dx: number, dy: number, dz: number, facing: string): string[] => [
    `setblock ${s(dx, dy, dz)} minecraft:oak_door[facing=${facing},half=lower]`,
    `setblock ${s(dx, dy + 1, dz)} minecraft:oak_door[facing=${facing},half=upper]`,
  ];
  /**
   * A file placed block by block, bottom up: a lower door half alone is placed before the plank above it, whose
   * placing takes it away (DoorBlock.updateShape), as the world does.
   */
  const placed = (t: Truth, file: FileName, dx: number, dz: number): void => {
    const cells: Pos[] = [];
    for (let y = 0; y < FILE_SIZE.y; y++)
      for (let z = 0; z < FILE_SIZE.z; z++)
        for (let x = 0; x < FILE_SIZE.x; x++) {
          cells.push(at(dx + x, y, dz + z));
          t.grid.set(at(dx + x, y, dz + z), parseState(fileBlock(file, x, y, z)));
        }
    settle(t.grid, cells);
  };
  const doorHeld = (t: Truth, dx: number, dy: number, dz: number): void => {
    holds(t, at(dx, dy, dz), 'minecraft:oak_door', 'below', at(dx, dy - 1, dz));
    holds(t, at(dx, dy + 1, dz), 'minecraft:oak_door', 'below', at(dx, dy, dz));
  };

  // the house: outer walls x 0–10, z 0–6; two rooms of air 4×3×5 either side of an inner wall at x=5
  const west = cells(1, 1, 1, 4, 3, 5);
  const east = cells(6, 1, 1, 9, 3, 5);
  const upper = cells(1, 5, 1, 9, 7, 5);
  // the attic under a gable of stairs: three layers narrowing to the ridge
  const attic = [...cells(1, 9, 1, 9, 9, 5), ...cells(1, 10, 2, 9, 10, 4), ...cells(1, 11, 3, 9, 11, 3)];
  // the tower: walls x 14–18, z 0–4; two storeys of air 3×3×3; the basement under it, dug into the earth
  const towerLow = cells(15, 1, 1, 17, 3, 3);
  const towerHigh = cells(15, 5, 1, 17, 7, 3);
  const basement = cells(15, -3, 1, 17, -1, 3);
  const hut = cells(23, 1, 1, 25, 3, 3);
  const shed = cells(1, 1, 11, 3, 3, 13);
  const raised = cells(9, 1, 11, 12, 4, 13);

  return [
    {
      say: 'a floor for the house',
      tool: 'execute_commands',
      commands: [`fill ${s(0, 0, 0)} ${s(10, 0, 6)} minecraft:oak_planks`],
      then: () => {},
    },
    {
      say: 'its four walls: a room once roofed',
      tool: 'execute_commands',
      commands: [
        `fill ${s(0, 1, 0)} ${s(10, 3, 0)} minecraft:stone_bricks`,
        `fill ${s(0, 1, 6)} ${s(10, 3, 6)} minecraft:stone_bricks`,
        `fill ${s(0, 1, 1)} ${s(0, 3, 5)} minecraft:stone_bricks`,
        `fill ${s(10, 1, 1)} ${s(10, 3, 5)} minecraft:stone_bricks`,
      ],
      // open to the sky: a player jumps down into it
      then: (t) => room(t, 'house', 'room', cells(1, 1, 1, 9, 3, 5), true),
    },
    {
      say: 'an inner wall with a doorway: two rooms',
      tool: 'execute_commands',
      commands: [
        `fill ${s(5, 1, 1)} ${s(5, 3, 5)} minecraft:stone_bricks`,
        `fill ${s(5, 1, 3)} ${s(5, 2, 3)} minecraft:air`,
      ],
      then: (t) => {
        t.rooms.delete('house');
        room(t, 'west room', 'room', west, false);
        room(t, 'east room', 'room', east, false);
      },
    },
    {
      say: 'a ceiling: the two rooms are closed, no door yet',
      tool: 'execute_commands',
      commands: [`fill ${s(0, 4, 0)} ${s(10, 4, 6)} minecraft:oak_planks`],
      then: (t) => {
        room(t, 'west room', 'room', west, false);
        room(t, 'east room', 'room', east, false);
      },
    },
    {
      say: 'a front door into the west room',
      tool: 'execute_commands',
      commands: door(2, 1, 0, 'north'),
      then: (t) => {
        doorHeld(t, 2, 1, 0);
        room(t, 'west room', 'room', west, true);
        room(t, 'east room', 'room', east, true);
      },
    },
    {
      say: 'three windows',
      tool: 'execute_commands',
      commands: [
        `setblock ${s(10, 2, 3)} minecraft:glass_pane`,
        `setblock ${s(8, 2, 0)} minecraft:glass_pane`,
        `setblock ${s(0, 2, 3)} minecraft:glass_pane`,
      ],
      then: () => {},
    },
    {
      say: 'a wall torch in each room',
      tool: 'execute_commands',
      commands: [
        `setblock ${s(1, 2, 2)} minecraft:wall_torch[facing=east]`,
        `setblock ${s(9, 2, 2)} minecraft:wall_torch[facing=west]`,
      ],
      then: (t) => {
        holds(t, at(1, 2, 2), 'minecraft:wall_torch', 'behind', at(0, 2, 2));
        holds(t, at(9, 2, 2), 'minecraft:wall_torch', 'behind', at(10, 2, 2));
        room(t, 'west room', 'room', west, true);
        room(t, 'east room', 'room', east, true);
      },
    },
    {
      say: 'walls of a second storey on the ceiling',
      tool: 'execute_commands',
      commands: [
        `fill ${s(0, 5, 0)} ${s(10, 7, 0)} minecraft:oak_planks`,
        `fill ${s(0, 5, 6)} ${s(10, 7, 6)} minecraft:oak_planks`,
        `fill ${s(0, 5, 1)} ${s(0, 7, 5)} minecraft:oak_planks`,
        `fill ${s(10, 5, 1)} ${s(10, 7, 5)} minecraft:oak_planks`,
      ],
      then: (t) => room(t, 'upper storey', 'storey', upper, false),
    },
    {
      say: 'its roof: the storey is closed, no way up yet',
      tool: 'execute_commands',
      commands: [`fill ${s(0, 8, 0)} ${s(10, 8, 6)} minecraft:oak_planks`],
      then: (t) => room(t, 'upper storey', 'storey', upper, false),
    },
    {
      say: 'stairs up from the east room through a hole in its ceiling',
      tool: 'execute_commands',
      commands: [
        `setblock ${s(6, 1, 5)} minecraft:oak_stairs[facing=east]`,
        `setblock ${s(7, 2, 5)} minecraft:oak_stairs[facing=east]`,
        `setblock ${s(8, 3, 5)} minecraft:oak_stairs[facing=east]`,
        `setblock ${s(9, 4, 5)} minecraft:oak_stairs[facing=east]`,
        `fill ${s(7, 4, 5)} ${s(8, 4, 5)} minecraft:air`,
      ],
      then: (t) => {
        room(t, 'east room', 'room', east, true);
        room(t, 'upper storey', 'storey', upper, true);
      },
    },
    {
      say: 'windows and a lantern upstairs',
      tool: 'execute_commands',
      commands: [
        `setblock ${s(0, 6, 3)} minecraft:glass_pane`,
        `setblock ${s(10, 6, 3)} minecraft:glass_pane`,
        `setblock ${s(5, 5, 3)} minecraft:lantern`,
      ],
      then: (t) => {
        holds(t, at(5, 5, 3), 'minecraft:lantern', 'below', at(5, 4, 3));
        room(t, 'upper storey', 'storey', upper, true);
      },
    },
    {
      say: 'a gable roof of stairs over the storey: roof space, no way up into it',
      tool: 'execute_commands',
      commands: [
        `fill ${s(0, 9, 0)} ${s(10, 9, 0)} minecraft:oak_stairs[facing=south]`,
        `fill ${s(0, 9, 6)} ${s(10, 9, 6)} minecraft:oak_stairs[facing=north]`,
        `fill ${s(0, 10, 1)} ${s(10, 10, 1)} minecraft:oak_stairs[facing=south]`,
        `fill ${s(0, 10, 5)} ${s(10, 10, 5)} minecraft:oak_stairs[facing=north]`,
        `fill ${s(0, 11, 2)} ${s(10, 11, 2)} minecraft:oak_stairs[facing=south]`,
        `fill ${s(0, 11, 4)} ${s(10, 11, 4)} minecraft:oak_stairs[facing=north]`,
        `fill ${s(0, 12, 3)} ${s(10, 12, 3)} minecraft:oak_slab`,
        `fill ${s(0, 9, 1)} ${s(0, 9, 5)} minecraft:oak_planks`,
        `fill ${s(0, 10, 2)} ${s(0, 10, 4)} minecraft:oak_planks`,
        `setblock ${s(0, 11, 3)} minecraft:oak_planks`,
        `fill ${s(10, 9, 1)} ${s(10, 9, 5)} minecraft:oak_planks`,
        `fill ${s(10, 10, 2)} ${s(10, 10, 4)} minecraft:oak_planks`,
        `setblock ${s(10, 11, 3)} minecraft:oak_planks`,
      ],
      then: (t) => {
        t.notRooms.set('roof space', { label: 'roof space', box: bounding(attic)! });
      },
    },
    {
      say: 'a ladder up the storey’s west wall to a trapdoor hatch: the roof space becomes an attic',
      tool: 'execute_commands',
      commands: [
        `fill ${s(1, 5, 2)} ${s(1, 7, 2)} minecraft:ladder[facing=east]`,
        `setblock ${s(1, 8, 2)} minecraft:oak_trapdoor[facing=east,half=top]`,
      ],
      then: (t) => {
        for (let dy = 5; dy <= 7; dy++) holds(t, at(1, dy, 2), 'minecraft:ladder', 'behind', at(0, dy, 2));
        t.notRooms.delete('roof space');
        room(t, 'upper storey', 'storey', upper, true);
        room(t, 'attic', 'attic', attic, true);
      },
    },
    {
      say: 'a tower: a hollow cobblestone box',
      tool: 'execute_commands',
      commands: [`fill ${s(14, 0, 0)} ${s(18, 8, 4)} minecraft:cobblestone hollow`],
      then: (t) => room(t, 'tower', 'room', [...towerLow, ...cells(15, 4, 1, 17, 4, 3), ...towerHigh], false),
    },
    {
      say: 'a floor half way up: two storeys',
      tool: 'execute_commands',
      commands: [`fill ${s(15, 4, 1)} ${s(17, 4, 3)} minecraft:oak_planks`],
      then: (t) => {
        t.rooms.delete('tower');
        room(t, 'tower’s lower storey', 'room', towerLow, false);
        room(t, 'tower’s upper storey', 'storey', towerHigh, false);
      },
    },
    {
      say: 'a ladder between them through the floor',
      tool: 'execute_commands',
      commands: [`fill ${s(17, 1, 3)} ${s(17, 5, 3)} minecraft:ladder[facing=west]`],
      then: (t) => {
        for (let dy = 1; dy <= 5; dy++) holds(t, at(17, dy, 3), 'minecraft:ladder', 'behind', at(18, dy, 3));
        room(t, 'tower’s lower storey', 'room', towerLow, false);
        room(t, 'tower’s upper storey', 'storey', towerHigh, false);
      },
    },
    {
      say: 'a door and a window below, a window above',
      tool: 'execute_commands',
      commands: [
        ...door(16, 1, 0, 'north'),
        `setblock ${s(15, 2, 4)} minecraft:glass_pane`,
        `setblock ${s(18, 6, 2)} minecraft:glass_pane`,
      ],
      then: (t) => {
        doorHeld(t, 16, 1, 0);
        room(t, 'tower’s lower storey', 'room', towerLow, true);
        room(t, 'tower’s upper storey', 'storey', towerHigh, true);
      },
    },
    {
      say: 'a basement dug into the earth under the tower',
      tool: 'execute_commands',
      commands: [`fill ${s(15, -3, 1)} ${s(17, -1, 3)} minecraft:air`],
      then: (t) => room(t, 'basement', 'basement', basement, false),
    },
    {
      say: 'a ladder down to it through the tower’s floor',
      tool: 'execute_commands',
      commands: [`fill ${s(15, -3, 1)} ${s(15, 0, 1)} minecraft:ladder[facing=east]`],
      then: (t) => {
        for (let dy = -3; dy <= 0; dy++) holds(t, at(15, dy, 1), 'minecraft:ladder', 'behind', at(14, dy, 1));
        room(t, 'tower’s lower storey', 'room', towerLow, true);
        room(t, 'basement', 'basement', basement, true);
      },
    },
    {
      say: 'a torch on the basement floor',
      tool: 'execute_commands',
      commands: [`setblock ${s(17, -3, 3)} minecraft:torch`],
      then: (t) => {
        holds(t, at(17, -3, 3), 'minecraft:torch', 'below', at(17, -4, 3));
        room(t, 'basement', 'basement', basement, true);
      },
    },
    {
      say: 'a hut from a structure file',
      tool: 'place_structure',
      place: { file: 'hut.schem', origin: at(22, 0, 0) },
      then: (t) => {
        placed(t, 'hut.schem', 22, 0);
        doorHeld(t, 24, 1, 0);
        room(t, 'hut', 'room', hut, true);
      },
    },
    {
      say: 'a lean-to from a file whose door is only a lower half, under a plank',
      tool: 'place_structure',
      place: { file: 'lean-to.schem', origin: at(28, 0, 10) },
      then: (t) => {
        placed(t, 'lean-to.schem', 28, 10);
        // the door's lower half is gone: the opening under the plank is one block high, no player passes
        room(t, 'lean-to', 'room', cells(29, 1, 11, 31, 3, 13), false);
      },
    },
    {
      say: 'a shed with a wall torch — the mistake: its door only a lower half, under the wall block',
      tool: 'execute_commands',
      commands: [
        `fill ${s(0, 0, 10)} ${s(4, 4, 14)} minecraft:cobblestone hollow`,
        `setblock ${s(2, 1, 10)} minecraft:oak_door[facing=north,half=lower]`,
        // on the middle of the back wall at eye height, where a window would go
        `setblock ${s(2, 2, 13)} minecraft:wall_torch[facing=north]`,
      ],
      then: (t) => {
        holds(t, at(2, 1, 10), 'minecraft:oak_door', 'below', at(2, 0, 10));
        holds(t, at(2, 2, 13), 'minecraft:wall_torch', 'behind', at(2, 2, 14));
        // the opening is one block high: no player passes
        room(t, 'shed', 'room', shed, false);
      },
    },
    {
      say: 'a torch — the mistake: in mid-air',
      tool: 'execute_commands',
      commands: [`setblock ${s(21, 3, 12)} minecraft:torch`],
      then: (t) => {
        t.unsupported.push({ at: at(21, 3, 12), block: 'minecraft:torch' });
      },
    },
    {
      say: 'a store room with a door',
      tool: 'execute_commands',
      commands: [
        `fill ${s(8, 0, 10)} ${s(13, 5, 14)} minecraft:cobblestone hollow`,
        ...door(10, 1, 10, 'north'),
      ],
      then: (t) => {
        doorHeld(t, 10, 1, 10);
        room(t, 'store room', 'room', raised, true);
      },
    },
    {
      say: 'its floor — the mistake: one block too high, the doorway left one block tall',
      tool: 'execute_commands',
      commands: [`fill ${s(9, 1, 11)} ${s(12, 1, 13)} minecraft:oak_planks`],
      then: (t) => room(t, 'store room', 'room', cells(9, 2, 11, 12, 4, 13), false),
    },
    {
      say: 'the mistake: a batch that takes the hut door’s upper half away and turns its floor to stone',
      tool: 'execute_commands',
      commands: [
        `setblock ${s(24, 2, 0)} minecraft:air`,
        `fill ${s(23, 0, 1)} ${s(25, 0, 3)} minecraft:stone`,
      ],
      // DoorBlock.updateShape: the lower half, its upper half gone, becomes air: a doorway two blocks high
      then: (t) => room(t, 'hut', 'room', hut, true),
    },
    {
      say: 'the mistake: the house’s east wall filled again, over its window',
      tool: 'execute_commands',
      commands: [`fill ${s(10, 1, 1)} ${s(10, 3, 5)} minecraft:stone_bricks`],
      then: () => {},
    },
  ];
};

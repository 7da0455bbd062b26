/**
 * The View's meshes and box, on boxes described by a function (the mesher is a pure function of the blocks
 * it reads; the live world is exercised by apps-view.test.ts and apps-rooms.test.ts): hidden faces are left
 * out, the ground height does not matter, too many faces are refused, and the box of applied commands
 * follows their block writes, shown within the rooms that hold them.
 */
import { expect, test } from 'vitest';
import { meshRegion, MAX_VIEW_FACES, ViewTooLargeError } from '../../src/mcp/apps/region-mesh.js';
import { CONTEXT_SIDEWAYS, CONTEXT_UP_DOWN, viewBox } from '../../src/mcp/apps/view-box.js';
import type { Box } from '../../src/vocabulary/blocks/box.js';
import type { BlockSource } from '../../src/vocabulary/blocks/block-state.js';
import { TWO_ROOMS_DOORWAY, twoRooms } from '../world-view/room-fixture.js';

const AIR = { name: 'minecraft:air', properties: {} };
const solid = (
  inside: (x: number, y: number, z: number) => boolean,
  name = 'minecraft:stone',
): BlockSource => ({
  readBlock: ({ x, y, z }) => (inside(x, y, z) ? { name, properties: {} } : AIR),
});
const faces = (m: ReturnType<typeof meshRegion>) => m.sections.reduce((n, s) => n + s.faces, 0);

test('a lone cube has its six faces; two touching cubes hide the faces between them', () => {
  const one = meshRegion(
    solid((x, y, z) => x === 0 && y === 0 && z === 0),
    { x: 0, y: 0, z: 0 },
    { x: 1, y: 0, z: 0 },
  );
  const two = meshRegion(
    solid((x, y, z) => x <= 1 && y === 0 && z === 0),
    { x: 0, y: 0, z: 0 },
    { x: 1, y: 0, z: 0 },
  );
  expect(one.solid).toBe(1);
  expect(faces(one)).toBe(6);
  expect(faces(two)).toBe(10);
});

test('below y=0 (superflat ground) the same blocks make the same faces, placed where they are', () => {
  const at = (y0: number) =>
    meshRegion(
      solid((x, y, z) => x <= 1 && y === y0 && z === 0),
      { x: 0, y: y0, z: 0 },
      { x: 1, y: y0, z: 0 },
    );
  const high = at(64);
  const low = at(-61);
  expect(faces(low)).toBe(faces(high));
  expect(low.sections.map((s) => s.sy)).toEqual([-64 + 8]);
});

test('an id this version does not know is still drawn (missing texture), never dropped', () => {
  const m = meshRegion(
    solid(() => true, 'mymod:strange_block'),
    { x: 0, y: 0, z: 0 },
    { x: 0, y: 0, z: 0 },
  );
  expect(faces(m)).toBeGreaterThan(0);
});

test('a box with more visible faces than the View takes is refused with what to do', () => {
  // a 3D checkerboard shows every face of every block
  const board = solid((x, y, z) => (x + y + z) % 2 === 0);
  expect(() => meshRegion(board, { x: 0, y: 0, z: 0 }, { x: 47, y: 47, z: 47 })).toThrow(ViewTooLargeError);
  expect(() => meshRegion(board, { x: 0, y: 0, z: 0 }, { x: 47, y: 47, z: 47 })).toThrow(
    new RegExp(`more than ${MAX_VIEW_FACES}`),
  );
});

test('the box of applied commands: their block writes with a margin of context, relative ones from the executor', async () => {
  const executor = { x: 10.5, y: -60, z: 3.5, yaw: 0, pitch: 0 };
  const commands = ['setblock 0 -60 0 stone', 'fill ~1 ~ ~ ~2 ~1 ~ oak_planks'];
  // what changed: 0 -60 0 to 12 -59 3; four blocks around it sideways, two up and down
  expect(await viewBox({ commands }, executor)).toEqual({
    min: { x: -4, y: -62, z: -4 },
    max: { x: 16, y: -57, z: 7 },
  });
  // a margin that would make the box too big for the View shrinks, down to one block
  expect(await viewBox({ commands }, executor, 19 * 6 * 10)).toEqual({
    min: { x: -3, y: -62, z: -3 },
    max: { x: 15, y: -57, z: 6 },
  });
  expect(await viewBox({ commands }, executor, 1)).toEqual({
    min: { x: -1, y: -61, z: -1 },
    max: { x: 13, y: -58, z: 4 },
  });
  expect(await viewBox({ commands: ['say hi', 'time set day'] }, executor)).toBeNull();
  expect(
    await viewBox({ from: { x: 3, y: 1, z: 3 }, to: { x: 1, y: 2, z: 1 }, commands: ['say hi'] }, executor),
  ).toEqual({
    min: { x: 1, y: 1, z: 1 },
    max: { x: 3, y: 2, z: 3 },
  });
});

test("a roofed room's ceiling is left out when asked (as render_area's cutaway), open ground never", () => {
  // a 5×4×5 stone shell: floor, walls, and a roof over the air inside
  const room = solid((x, y, z) => x === 0 || x === 4 || y === 0 || y === 3 || z === 0 || z === 4);
  const whole = meshRegion(room, { x: 0, y: 0, z: 0 }, { x: 4, y: 3, z: 4 });
  expect(whole.cutaway).toBeUndefined();
  const open = meshRegion(room, { x: 0, y: 0, z: 0 }, { x: 4, y: 3, z: 4 }, { cutaway: true });
  expect(open.cutaway).toEqual({ fromY: 3, removed: 25 });
  expect(open.solid).toBe(whole.solid - 25);
  // a solid hill roofs no air: nothing is cut
  const hill = meshRegion(
    solid(() => true),
    { x: 0, y: 0, z: 0 },
    { x: 4, y: 3, z: 4 },
    { cutaway: true },
  );
  expect(hill.cutaway).toBeUndefined();
});

// twoRooms(): one stone-brick shell from 0 0 0 to 10 4 6 with a ceiling, split by a plank wall at x = 5 with
// a doorway at z = 3: the west room's air is x 1–4, the east room's x 6–9 (y 1–3, z 1–5)
const WEST_ROOM: Box = { min: { x: 0, y: 0, z: 0 }, max: { x: 5, y: 4, z: 6 } };
const EAST_ROOM: Box = { min: { x: 5, y: 0, z: 0 }, max: { x: 10, y: 4, z: 6 } };
const BOTH_ROOMS: Box = { min: { x: 0, y: 0, z: 0 }, max: { x: 10, y: 4, z: 6 } };
const margin = (x: number, y: number, z: number): Box => ({
  min: { x: x - CONTEXT_SIDEWAYS, y: y - CONTEXT_UP_DOWN, z: z - CONTEXT_SIDEWAYS },
  max: { x: x + CONTEXT_SIDEWAYS, y: y + CONTEXT_UP_DOWN, z: z + CONTEXT_SIDEWAYS },
});
const { z: doorZ } = TWO_ROOMS_DOORWAY;

test.each([
  [
    'a lantern on the west room’s floor',
    'setblock 2 1 2 minecraft:lantern',
    'the west room, walls, floor and roof',
    WEST_ROOM,
  ],
  [
    'a block in the east room’s air',
    'setblock 8 2 4 minecraft:oak_planks',
    'the east room, walls, floor and roof',
    EAST_ROOM,
  ],
  [
    'a window in the west room’s outer wall',
    'setblock 0 2 3 minecraft:glass',
    'the west room, walls, floor and roof',
    WEST_ROOM,
  ],
  [
    'a block in the east room’s floor',
    'setblock 7 0 3 minecraft:stone',
    'the east room, walls, floor and roof',
    EAST_ROOM,
  ],
  [
    'a door in the doorway between them',
    `setblock 5 1 ${doorZ} minecraft:oak_door`,
    'both rooms',
    BOTH_ROOMS,
  ],
  ['a fill across both rooms’ air', 'fill 3 1 2 7 1 2 minecraft:red_carpet', 'both rooms', BOTH_ROOMS],
  ['a block out on open ground', 'setblock 16 1 3 minecraft:stone', 'a margin of context', margin(16, 1, 3)],
  [
    'a block against the outside of the west wall',
    'setblock -1 1 3 minecraft:stone',
    'a margin of context',
    margin(-1, 1, 3),
  ],
] as const)('%s: the View shows %s', async (_what, command, _shown, box) => {
  const world = { read: async () => twoRooms() };
  expect(await viewBox({ commands: [command] }, undefined, Infinity, world)).toEqual(box);
});

test('a room that would not fit the View is not looked for: the change gets the margin that fits', async () => {
  const world = { read: async () => twoRooms() };
  // the margin of context fits, the search for rooms beyond it does not
  const fits = 9 * 5 * 9;
  expect(await viewBox({ commands: ['setblock 2 1 2 minecraft:lantern'] }, undefined, fits, world)).toEqual(
    margin(2, 1, 2),
  );
  // a world the connection cannot read: the margin, as before
  const unread = { read: async () => undefined };
  expect(
    await viewBox({ commands: ['setblock 2 1 2 minecraft:lantern'] }, undefined, Infinity, unread),
  ).toEqual(margin(2, 1, 2));
});

test('a room without a roof is open to the sky, no room: the change gets the margin', async () => {
  const roofless = twoRooms();
  for (let x = 0; x <= 10; x++) for (let z = 0; z <= 6; z++) roofless.set({ x, y: 4, z }, 'minecraft:air');
  const world = { read: async () => roofless };
  expect(
    await viewBox({ commands: ['setblock 2 1 2 minecraft:lantern'] }, undefined, Infinity, world),
  ).toEqual(margin(2, 1, 2));
});

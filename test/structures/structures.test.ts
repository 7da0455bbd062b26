/** Saved structures round-trip through the embedded world: save, place elsewhere (also rotated), read back. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mirrorOffset, mirrorStateKey, rotateOffset, rotateStateKey } from '../../src/structures/rotate.js';
import type { BatchResult } from '../../src/results/schema.js';
import type { EncodedArea } from '../../src/world-view/encode.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let o: { x: number; y: number; z: number };
beforeAll(async () => {
  c = await startCompanion({ username: 'Architect' });
  const p = (await c.target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});
afterAll(async () => {
  await c?.close();
});

const read = async (from: { x: number; y: number; z: number }, size: { x: number; y: number; z: number }) =>
  (
    await c.call('get_blocks_in_area', {
      from,
      to: { x: from.x + size.x - 1, y: from.y + size.y - 1, z: from.z + size.z - 1 },
      includeAir: true,
    })
  ).structuredContent as unknown as EncodedArea;

describe('structures through MCP', () => {
  test('a room with a door and a window is saved, placed elsewhere, and reads back equal', async () => {
    const [x, y, z] = [o.x, o.y, o.z];
    await c.execute([
      `fill ${x} ${y} ${z} ${x + 4} ${y + 3} ${z + 4} minecraft:oak_planks hollow`,
      `setblock ${x + 2} ${y + 1} ${z} minecraft:oak_door[facing=north,half=lower]`,
      `setblock ${x + 2} ${y + 2} ${z} minecraft:oak_door[facing=north,half=upper]`,
      `fill ${x + 4} ${y + 2} ${z + 1} ${x + 4} ${y + 2} ${z + 3} minecraft:glass_pane[north=true,south=true]`,
    ]);
    const size = { x: 5, y: 4, z: 5 };
    const saved = await c.call('save_structure', {
      name: 'hut',
      from: { x, y, z },
      to: { x: x + 4, y: y + 3, z: z + 4 },
    });
    expect(saved.isError).toBeFalsy();
    expect(saved.structuredContent).toMatchObject({ name: 'hut', size });
    const listed = await c.call('list_structures', {});
    expect(
      (listed.structuredContent as { structures: Array<{ name: string }> }).structures.map((s) => s.name),
    ).toContain('hut');

    const copy = { x: x + 10, y, z };
    const placed = await c.call('place_structure', { name: 'hut', origin: copy });
    const batch = placed.structuredContent as unknown as BatchResult;
    expect(batch.results.every((r) => r.status === 'applied' || r.detail?.noChange)).toBe(true);
    const [a, b] = [await read({ x, y, z }, size), await read(copy, size)];
    expect(b.palette).toEqual(a.palette);
    expect(b.layers).toEqual(a.layers);
  });

  test('placed with rotation 90, the door turns from north to east and moves with its wall', async () => {
    const copy = { x: o.x + 20, y: o.y, z: o.z };
    const placed = await c.call('place_structure', { name: 'hut', origin: copy, rotation: 90 });
    const rotated = placed.structuredContent as unknown as BatchResult;
    // air placed over air is "already there" (noChange); nothing else may fail
    expect(rotated.results.every((r) => r.status === 'applied' || r.detail?.noChange)).toBe(true);
    // the north wall (z = 0) of a 5×5 structure lands on the east side (x = 4) after a clockwise quarter turn
    const door = await read({ x: copy.x + 4, y: copy.y + 1, z: copy.z + 2 }, { x: 1, y: 1, z: 1 });
    expect(Object.values(door.palette)).toContain(
      'minecraft:oak_door[facing=east,half=lower,hinge=left,open=false,powered=false]',
    );
  });

  test('names cannot reach outside the structures directory; unloaded areas are refused', async () => {
    const bad = await c.call('save_structure', { name: '../evil', from: o, to: o });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toMatch(/not a valid structure name/);
    const far = { x: o.x + 5000, y: o.y, z: o.z };
    const unloaded = await c.call('save_structure', { name: 'far', from: far, to: far });
    expect(unloaded.isError).toBe(true);
    expect(JSON.stringify(unloaded.content)).toMatch(/unloaded/);
    const missing = await c.call('place_structure', { name: 'nothing_here', origin: o });
    expect(JSON.stringify(missing.content)).toMatch(/no structure named/);
  });
});

describe('rotation of states', () => {
  test.each([
    ['minecraft:oak_door[facing=north,half=lower]', 90, 'minecraft:oak_door[facing=east,half=lower]'],
    ['minecraft:oak_door[facing=north,half=lower]', 180, 'minecraft:oak_door[facing=south,half=lower]'],
    ['minecraft:oak_stairs[facing=west,half=bottom]', 90, 'minecraft:oak_stairs[facing=north,half=bottom]'],
    ['minecraft:oak_log[axis=x]', 90, 'minecraft:oak_log[axis=z]'],
    ['minecraft:oak_log[axis=y]', 270, 'minecraft:oak_log[axis=y]'],
    ['minecraft:oak_sign[rotation=3]', 90, 'minecraft:oak_sign[rotation=7]'],
    [
      'minecraft:glass_pane[east=false,north=true,south=true,west=false]',
      90,
      'minecraft:glass_pane[east=true,north=false,south=false,west=true]',
    ],
    ['minecraft:stone', 90, 'minecraft:stone'],
  ] as const)('%s turned %d° is %s', (from, rotation, to) => {
    expect(rotateStateKey(from, rotation)).toBe(to);
  });

  test('offsets stay inside the rotated box and a quarter turn maps north to east', () => {
    const size = { x: 5, z: 3 };
    expect(rotateOffset(0, 0, size, 90)).toEqual({ dx: 2, dz: 0 });
    expect(rotateOffset(4, 2, size, 180)).toEqual({ dx: 0, dz: 0 });
    expect(rotateOffset(0, 0, size, 270)).toEqual({ dx: 0, dz: 4 });
  });
});

describe('mirroring of states (vanilla Mirror, DoorBlock, StairBlock, ChestBlock)', () => {
  test.each([
    [
      'minecraft:oak_door[facing=north,half=lower,hinge=left]',
      'left_right',
      'minecraft:oak_door[facing=south,half=lower,hinge=right]',
    ],
    [
      'minecraft:oak_door[facing=east,half=lower,hinge=left]',
      'left_right',
      'minecraft:oak_door[facing=east,half=lower,hinge=right]',
    ],
    [
      'minecraft:oak_stairs[facing=east,shape=inner_left]',
      'front_back',
      'minecraft:oak_stairs[facing=west,shape=inner_right]',
    ],
    [
      'minecraft:oak_stairs[facing=north,shape=outer_left]',
      'front_back',
      'minecraft:oak_stairs[facing=north,shape=outer_left]',
    ],
    ['minecraft:oak_sign[rotation=4]', 'front_back', 'minecraft:oak_sign[rotation=12]'],
    ['minecraft:oak_sign[rotation=0]', 'left_right', 'minecraft:oak_sign[rotation=8]'],
    ['minecraft:oak_sign[rotation=3]', 'left_right', 'minecraft:oak_sign[rotation=5]'],
    ['minecraft:chest[facing=north,type=left]', 'front_back', 'minecraft:chest[facing=north,type=right]'],
    [
      'minecraft:glass_pane[east=true,north=true,south=false,west=false]',
      'front_back',
      'minecraft:glass_pane[east=false,north=true,south=false,west=true]',
    ],
    ['minecraft:oak_log[axis=x]', 'left_right', 'minecraft:oak_log[axis=x]'],
  ] as const)('%s mirrored %s is %s', (from, mirror, to) => {
    expect(mirrorStateKey(from, mirror)).toBe(to);
  });

  test('left_right flips z inside the box, front_back flips x', () => {
    expect(mirrorOffset(1, 0, { x: 5, z: 3 }, 'left_right')).toEqual({ x: 1, z: 2 });
    expect(mirrorOffset(1, 0, { x: 5, z: 3 }, 'front_back')).toEqual({ x: 3, z: 0 });
  });
});

/**
 * The embedded world places blocks as vanilla 1.21.4's BlockInput.place and Level.setBlock do: each placed
 * block takes its shape from its neighbours, the properties the command named stay, and its neighbours'
 * shapes follow (dropping what loses its support). Each expectation is what the 1.21.4 classes give for the
 * same commands (IronBarsBlock, FenceBlock, WallBlock, StairBlock.getStairsShape, ChestBlock, BaseTorchBlock,
 * DoorBlock, SnowyDirtBlock), read back through a real bot.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Vec3 } from 'vec3';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';

let world: WorldHandle;
let op: TestBot;
let base: Vec3;

beforeAll(async () => {
  world = await startWorld({ ops: ['Shapes'] });
  op = await joinBot(world.host, world.port, 'Shapes');
  // clear ground beside the bot: grass at y -61, air from -60
  base = op.bot.entity.position.floored().offset(2, 0, 2);
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
});

const at = (dx: number, dy: number, dz: number) => base.offset(dx, dy, dz);
const c = (v: Vec3) => `${v.x} ${v.y} ${v.z}`;
const props = (v: Vec3) => op.bot.blockAt(v)?.getProperties();
const name = (v: Vec3) => op.bot.blockAt(v)?.name;

async function run(...commands: string[]): Promise<unknown[][]> {
  const lines = await runFenced(op, commands);
  return lines as unknown[][];
}

describe('fill joins what it fills', () => {
  test('a filled row of glass panes reads back joined, its ends open outwards', async () => {
    const [lines] = await run(`fill ${c(at(0, 0, 0))} ${c(at(3, 0, 0))} glass_pane`);
    expect(lines).toEqual([{ translate: 'commands.fill.success', with: [4] }]);
    const sides = [0, 1, 2, 3].map((dx) => props(at(dx, 0, 0)));
    expect(sides.map((p) => [p?.['west'], p?.['east'], p?.['north'], p?.['south']])).toEqual([
      [false, true, false, false],
      [true, true, false, false],
      [true, true, false, false],
      [true, false, false, false],
    ]);
  });

  test('a row of oak fences joins; a fence beside a stone block joins the stone', async () => {
    await run(`setblock ${c(at(0, 0, 2))} stone`, `fill ${c(at(1, 0, 2))} ${c(at(3, 0, 2))} oak_fence`);
    const sides = [1, 2, 3].map((dx) => props(at(dx, 0, 2)));
    expect(sides.map((p) => [p?.['west'], p?.['east']])).toEqual([
      [true, true],
      [true, true],
      [true, false],
    ]);
  });

  test('a row of cobblestone walls: low sides between them, a post only at the ends (WallBlock.shouldRaisePost)', async () => {
    await run(`fill ${c(at(0, 0, 4))} ${c(at(2, 0, 4))} cobblestone_wall`);
    const walls = [0, 1, 2].map((dx) => props(at(dx, 0, 4)));
    expect(walls.map((p) => [p?.['west'], p?.['east'], p?.['north'], p?.['south'], p?.['up']])).toEqual([
      ['none', 'low', 'none', 'none', true],
      ['low', 'low', 'none', 'none', false],
      ['low', 'none', 'none', 'none', true],
    ]);
  });

  test('a wall under a full block grows tall sides and keeps its post off', async () => {
    await run(`setblock ${c(at(1, 1, 4))} stone`);
    expect(props(at(1, 0, 4))).toMatchObject({ west: 'tall', east: 'tall', up: false });
  });
});

describe('setblock shapes the block and its neighbours', () => {
  test('a stair in front of a stair turned sideways takes an outer corner; a named shape stays', async () => {
    // StairBlock.getStairsShape: the stair in front faces west, across a north-facing stair: outer_left
    await run(
      `setblock ${c(at(0, 0, 5))} oak_stairs[facing=west]`,
      `setblock ${c(at(0, 0, 6))} oak_stairs[facing=north]`,
    );
    expect(props(at(0, 0, 6))).toMatchObject({ facing: 'north', shape: 'outer_left' });
    await run(
      `setblock ${c(at(2, 0, 5))} oak_stairs[facing=west]`,
      `setblock ${c(at(2, 0, 6))} oak_stairs[facing=north,shape=straight]`,
    );
    expect(props(at(2, 0, 6))).toMatchObject({ facing: 'north', shape: 'straight' });
  });

  test('two chests set side by side stay single; a single chest beside a left half pointing at it becomes its right half', async () => {
    await run(
      `setblock ${c(at(0, 0, 8))} chest[facing=north]`,
      `setblock ${c(at(1, 0, 8))} chest[facing=north]`,
    );
    expect([props(at(0, 0, 8))?.['type'], props(at(1, 0, 8))?.['type']]).toEqual(['single', 'single']);
    // a left half's partner stands on its facing's clockwise side (north → east): x+1
    await run(
      `setblock ${c(at(4, 0, 8))} chest[facing=north]`,
      `setblock ${c(at(3, 0, 8))} chest[facing=north,type=left]`,
    );
    expect([props(at(3, 0, 8))?.['type'], props(at(4, 0, 8))?.['type']]).toEqual(['left', 'right']);
  });

  test('a torch set over air stays (the written state); it drops when the block under it changes', async () => {
    const [set] = await run(`setblock ${c(at(0, 3, 10))} torch`);
    expect(set).toEqual([
      { translate: 'commands.setblock.success', with: [at(0, 3, 10).x, at(0, 3, 10).y, at(0, 3, 10).z] },
    ]);
    expect(name(at(0, 3, 10))).toBe('torch');
    await run(
      `setblock ${c(at(0, 0, 10))} stone`,
      `setblock ${c(at(0, 1, 10))} torch`,
      `setblock ${c(at(0, 0, 10))} air`,
    );
    expect(name(at(0, 1, 10))).toBe('air');
  });

  test('a door: the upper half takes the lower half’s state, and goes when the lower half goes', async () => {
    await run(
      `setblock ${c(at(2, 0, 10))} oak_door[half=lower,facing=east,hinge=right]`,
      `setblock ${c(at(2, 1, 10))} oak_door[half=upper]`,
    );
    expect(props(at(2, 1, 10))).toMatchObject({ half: 'upper', facing: 'east', hinge: 'right' });
    await run(`setblock ${c(at(2, 0, 10))} air`);
    expect(name(at(2, 1, 10))).toBe('air');
  });

  test('snow on a grass block makes it snowy; taking the snow away makes it plain again', async () => {
    const grass = at(4, -1, 10);
    await run(`setblock ${c(at(4, 0, 10))} snow`);
    expect(props(grass)).toMatchObject({ snowy: true });
    await run(`setblock ${c(at(4, 0, 10))} air`);
    expect(props(grass)).toMatchObject({ snowy: false });
  });
});

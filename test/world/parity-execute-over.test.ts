/**
 * `execute positioned over <heightmap>` as vanilla 1.21.4 (ExecuteCommand, Level.getHeight,
 * Heightmap.Types): each heightmap counts different blocks, and the source's chunk must be loaded
 * (argument.pos.unloaded when the modifier runs: one red line, no context).
 */
import type { Vec3 } from 'vec3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { red } from '../helpers/vanilla-lines.js';

let world: WorldHandle;
let op: TestBot;
let feet: Vec3;

beforeAll(async () => {
  world = await startWorld({ ops: ['Over'] });
  op = await joinBot(world.host, world.port, 'Over');
  feet = op.bot.entity.position.floored();
  // columns A at x+5..x+7: a bottom slab, water, oak leaves, a torch; B at x+8..x+9: a slab, water, a cobweb
  await runFenced(op, [
    'fill ~5 ~2 ~ ~9 ~2 ~ minecraft:oak_slab',
    'fill ~5 ~4 ~ ~9 ~4 ~ minecraft:water',
    'fill ~5 ~6 ~ ~7 ~6 ~ minecraft:oak_leaves[persistent=true]',
    'fill ~5 ~8 ~ ~7 ~8 ~ minecraft:torch',
    'fill ~8 ~6 ~ ~9 ~6 ~ minecraft:cobweb',
  ]);
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
});

test('each heightmap counts its own blocks (Heightmap.Types predicates)', async () => {
  const cases: Array<[number, string, number]> = [
    [5, 'world_surface', 9], // above the torch: any block but air
    [6, 'motion_blocking', 7], // above the leaves: the torch blocks no motion
    [7, 'motion_blocking_no_leaves', 5], // above the water: a fluid counts, leaves do not
    [8, 'ocean_floor', 3], // above the slab: neither the cobweb nor the water blocks motion, a half slab does
    [9, 'motion_blocking', 5], // above the water: the cobweb is not solid
  ];
  const lines = await runFenced(
    op,
    cases.map(
      ([dx, type]) =>
        `execute positioned ~${dx} ~ ~ positioned over ${type} run setblock ~ ~ ~ minecraft:gold_block`,
    ),
  );
  cases.forEach(([dx, , dy], i) => {
    const at = feet.offset(dx, dy, 0);
    expect(lines[i]).toEqual([{ translate: 'commands.setblock.success', with: [at.x, at.y, at.z] }]);
  });
});

test('regression: over an unloaded chunk is argument.pos.unloaded, thrown when the modifier runs', async () => {
  const [lines] = await runFenced(op, [
    'execute positioned 100000 0 100000 positioned over world_surface run say over',
  ]);
  expect(lines).toEqual([red({ translate: 'argument.pos.unloaded' })]);
});

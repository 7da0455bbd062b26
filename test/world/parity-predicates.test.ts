/**
 * Block predicates and region comparisons look at block entities, as vanilla 1.21.4 does:
 * BlockPredicateArgument's `{nbt}` must partially match the block entity's saveWithFullMetadata
 * (NbtUtils.compareNbt; no block entity never matches), in `execute if block`, `fill … replace` and
 * `clone … filtered`; `execute if blocks` also compares block entity type and data (ExecuteCommand
 * .checkRegions).
 */
import type { Vec3 } from 'vec3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { red } from '../helpers/vanilla-lines.js';

let world: WorldHandle;
let op: TestBot;
let base: Vec3;

const pass = { translate: 'commands.execute.conditional.pass' };
const fail = red({ translate: 'commands.execute.conditional.fail' });
const at = (dx: number, dy: number, dz: number) => {
  const p = base.offset(dx, dy, dz);
  return `${p.x} ${p.y} ${p.z}`;
};
const diamonds = '{Items:[{Slot:0b,id:"minecraft:diamond",count:3}]}';
const emeralds = '{Items:[{Slot:0b,id:"minecraft:emerald",count:3}]}';

beforeAll(async () => {
  world = await startWorld({ ops: ['Pred'] });
  op = await joinBot(world.host, world.port, 'Pred');
  base = op.bot.entity.position.floored().offset(3, 0, 3);
  // a chest with diamonds, an empty chest, a chest with emeralds, a second chest with diamonds
  await runFenced(op, [
    `setblock ${at(0, 0, 0)} minecraft:chest${diamonds}`,
    `setblock ${at(1, 0, 0)} minecraft:chest`,
    `setblock ${at(2, 0, 0)} minecraft:chest${emeralds}`,
    `setblock ${at(3, 0, 0)} minecraft:chest${diamonds}`,
  ]);
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
});

describe('block predicates with {nbt}', () => {
  test('regression: execute if block chest{Items:[…]} matches only the chest holding those items', async () => {
    const filter = 'minecraft:chest{Items:[{id:"minecraft:diamond"}]}';
    const [full, empty, other, plain, noEntity] = await runFenced(op, [
      `execute if block ${at(0, 0, 0)} ${filter}`,
      `execute if block ${at(1, 0, 0)} ${filter}`,
      `execute if block ${at(2, 0, 0)} ${filter}`,
      `execute if block ${at(1, 0, 0)} minecraft:chest`,
      // {} needs a block entity: grass has none
      `execute if block ${at(0, -1, 0)} minecraft:grass_block{}`,
    ]);
    expect(full).toEqual([pass]);
    expect(empty).toEqual([fail]);
    expect(other).toEqual([fail]);
    expect(plain).toEqual([pass]);
    expect(noEntity).toEqual([fail]);
  });

  test('saveWithFullMetadata is what is matched: id and position keys too', async () => {
    const p = base.offset(0, 0, 0);
    const [id, xyz, wrong] = await runFenced(op, [
      `execute if block ${at(0, 0, 0)} minecraft:chest{id:"minecraft:chest"}`,
      `execute if block ${at(0, 0, 0)} minecraft:chest{x:${p.x},y:${p.y},z:${p.z}}`,
      `execute if block ${at(0, 0, 0)} minecraft:chest{x:${p.x + 1}}`,
    ]);
    expect(id).toEqual([pass]);
    expect(xyz).toEqual([pass]);
    expect(wrong).toEqual([fail]);
  });

  test('regression: fill … replace chest{…} replaces only the matching chests', async () => {
    const [filled] = await runFenced(op, [
      `fill ${at(0, 0, 0)} ${at(3, 0, 0)} minecraft:barrel replace minecraft:chest{Items:[{id:"minecraft:emerald"}]}`,
    ]);
    expect(filled).toEqual([{ translate: 'commands.fill.success', with: [1] }]);
    expect([0, 1, 2, 3].map((dx) => op.bot.blockAt(base.offset(dx, 0, 0))?.name)).toEqual([
      'chest',
      'chest',
      'barrel',
      'chest',
    ]);
  });

  test('clone … filtered chest{…} copies only the matching chests', async () => {
    const [cloned] = await runFenced(op, [
      `clone ${at(0, 0, 0)} ${at(1, 0, 0)} ${at(0, 0, 2)} filtered minecraft:chest{Items:[{count:3}]}`,
    ]);
    expect(cloned).toEqual([{ translate: 'commands.clone.success', with: [1] }]);
    expect(op.bot.blockAt(base.offset(0, 0, 2))?.name).toBe('chest');
    expect(op.bot.blockAt(base.offset(1, 0, 2))?.name).toBe('air');
  });
});

describe('execute if blocks compares block entities', () => {
  test('regression: chests with different items differ; with the same items they match', async () => {
    const [differ, same, emptyVsFull] = await runFenced(op, [
      `execute if blocks ${at(0, 0, 0)} ${at(0, 0, 0)} ${at(1, 0, 0)} all`,
      `execute if blocks ${at(0, 0, 0)} ${at(0, 0, 0)} ${at(3, 0, 0)} all`,
      `execute unless blocks ${at(1, 0, 0)} ${at(1, 0, 0)} ${at(0, 0, 0)} all`,
    ]);
    expect(differ).toEqual([fail]);
    expect(same).toEqual([{ translate: 'commands.execute.conditional.pass_count', with: [1] }]);
    expect(emptyVsFull).toEqual([pass]);
  });
});

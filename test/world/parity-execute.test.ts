/**
 * execute answers like vanilla 1.21.4 (ExecuteCommand; keys from its en_us): modifiers change where and as
 * whom the command after `run` runs, conditions drop forks silently or report pass/fail at the end, a
 * failing command in a forked chain is silent while an unforked one is reported.
 */
import type { Vec3 } from 'vec3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { parseError, red } from '../helpers/vanilla-lines.js';

let world: WorldHandle;
let op: TestBot;
let feet: Vec3;

const setblockOk = (p: { x: number; y: number; z: number }) => ({
  translate: 'commands.setblock.success',
  with: [p.x, p.y, p.z],
});
beforeAll(async () => {
  world = await startWorld({ ops: ['Exec'] });
  op = await joinBot(world.host, world.port, 'Exec');
  feet = op.bot.entity.position.floored();
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
});

describe('modifiers', () => {
  test('positioned moves ~ for the command after run; its feedback reaches the sender', async () => {
    const [lines] = await runFenced(op, ['execute positioned ~2 ~ ~2 run setblock ~ ~ ~ minecraft:stone']);
    expect(lines).toEqual([setblockOk(feet.offset(2, 0, 2))]);
    expect(op.bot.blockAt(feet.offset(2, 0, 2))?.name).toBe('stone');
  });

  test('as + at an entity run once per entity, from its position and as it (@s)', async () => {
    await runFenced(op, ['summon armor_stand ~4 ~ ~', 'summon armor_stand ~-4 ~ ~']);
    const [placed, moved] = await runFenced(op, [
      'execute at @e[type=armor_stand] run setblock ~ ~2 ~ minecraft:gold_block',
      'execute as @e[type=armor_stand] at @s run tp @s ~ ~ ~1',
    ]);
    expect(placed).toEqual([setblockOk(feet.offset(4, 2, 0)), setblockOk(feet.offset(-4, 2, 0))]);
    expect(moved).toHaveLength(2);
    const stands = Object.values(op.bot.entities).filter((e) => e.name === 'armor_stand');
    expect(stands.map((s) => s.position.z).sort()).toEqual([feet.z + 1, feet.z + 1]);
  });

  test('align floors the chosen axes; facing turns the source (seen through tp ~ ~ rotation)', async () => {
    const [aligned, faced] = await runFenced(op, [
      'execute align xz run tp @s ~0.5 ~ ~0.5',
      'execute facing ~ ~ ~5 run tp @s ~ ~ ~ ~ ~',
    ]);
    expect(aligned).toHaveLength(1);
    expect(op.bot.entity.position.x).toBe(feet.x + 0.5);
    expect(op.bot.entity.position.z).toBe(feet.z + 0.5);
    expect(faced).toHaveLength(1);
    // facing +z is yaw 0 in vanilla, π in mineflayer's convention
    expect(op.bot.entity.yaw).toBeCloseTo(Math.PI, 4);
  });
});

describe('summon and on', () => {
  test('summon runs the rest as the new entity at the source’s position, with no summon line of its own', async () => {
    const before = Object.values(op.bot.entities).filter((e) => e.name === 'cow').length;
    const [lines] = await runFenced(op, ['execute summon minecraft:cow run tp @s ~ ~ ~2']);
    expect(lines).toEqual([
      expect.objectContaining({
        translate: 'commands.teleport.success.location.single',
        with: expect.arrayContaining([
          expect.objectContaining({ translate: 'entity.minecraft.cow' }),
        ]) as unknown,
      }),
    ]);
    const cows = Object.values(op.bot.entities).filter((e) => e.name === 'cow');
    expect(cows).toHaveLength(before + 1);
    expect(cows.some((p) => Math.abs(p.position.z - (op.bot.entity.position.z + 2)) < 0.01)).toBe(true);
  });

  test('summon: an unsummonable type fails when run (one line), an unknown one is a parse error', async () => {
    const [player, unknown] = await runFenced(op, [
      'execute summon minecraft:player run say x',
      'execute summon minecraft:dragonfly run say x',
    ]);
    expect(player).toEqual([red({ translate: 'entity.not_summonable', with: ['minecraft:player'] })]);
    expect(unknown[0]).toEqual(
      red({
        translate: 'argument.resource.not_found',
        with: ['minecraft:dragonfly', 'minecraft:entity_type'],
      }),
    );
    expect(unknown).toHaveLength(2);
  });

  test('on: nothing rides, leashes or owns here, so every relation ends the fork silently', async () => {
    const commands = [
      'execute on vehicle run setblock ~ ~5 ~ minecraft:stone',
      'execute on passengers',
    ] as const;
    const [vehicle, incomplete] = await runFenced(op, commands);
    expect(vehicle).toEqual([]);
    expect(op.bot.blockAt(feet.offset(0, 5, 0))?.name).toBe('air');
    expect(incomplete).toEqual(parseError(commands[1], 'command.unknown.command', commands[1].length));
  });
});

describe('conditions', () => {
  test('if block true runs the command; false drops the fork with no line at all', async () => {
    const [yes, no] = await runFenced(op, [
      'execute if block ~ ~-1 ~ minecraft:grass_block run setblock ~1 ~3 ~ minecraft:glass',
      'execute if block ~ ~-1 ~ minecraft:stone run setblock ~1 ~4 ~ minecraft:glass',
    ]);
    expect(yes).toEqual([setblockOk(feet.offset(1, 3, 0))]);
    expect(no).toEqual([]);
    expect(op.bot.blockAt(feet.offset(1, 4, 0))?.name).toBe('air');
  });

  test('at the end: conditional.pass, red conditional.fail, pass_count and fail_count', async () => {
    const [pass, fail, none, unlessNone, count, unlessCount] = await runFenced(op, [
      'execute if block ~ ~-1 ~ #minecraft:dirt',
      'execute unless block ~ ~-1 ~ minecraft:grass_block',
      'execute if entity @e[type=pig]',
      'execute unless entity @e[type=pig]',
      'execute if entity @e[type=armor_stand]',
      'execute unless entity @e[type=armor_stand]',
    ]);
    expect(pass).toEqual([{ translate: 'commands.execute.conditional.pass' }]);
    expect(fail).toEqual([red({ translate: 'commands.execute.conditional.fail' })]);
    expect(none).toEqual([red({ translate: 'commands.execute.conditional.fail' })]);
    expect(unlessNone).toEqual([{ translate: 'commands.execute.conditional.pass' }]);
    expect(count).toEqual([{ translate: 'commands.execute.conditional.pass_count', with: [2] }]);
    expect(unlessCount).toEqual([red({ translate: 'commands.execute.conditional.fail_count', with: [2] })]);
  });

  test('if biome reads the stored biome (a biome or #tag); unknown ids are parse errors', async () => {
    const pass = { translate: 'commands.execute.conditional.pass' };
    const fail = red({ translate: 'commands.execute.conditional.fail' });
    const [plains, forest, filled, desert, ran, moon] = await runFenced(op, [
      'execute if biome ~ ~ ~ minecraft:plains',
      'execute if biome ~ ~ ~ #minecraft:is_forest',
      // wide enough that every cell Level.getBiome may pick around the feet is desert
      'fillbiome ~-8 ~-4 ~-8 ~8 ~8 ~8 minecraft:desert',
      'execute unless biome ~ ~ ~ desert',
      'execute if biome ~ ~ ~ minecraft:desert run setblock ~3 ~6 ~3 minecraft:sand',
      'execute if biome ~ ~ ~ minecraft:moon',
    ]);
    expect(plains).toEqual([pass]);
    expect(forest).toEqual([fail]);
    expect(filled).toEqual([expect.objectContaining({ translate: 'commands.fillbiome.success.count' })]);
    expect(desert).toEqual([fail]);
    expect(ran).toEqual([setblockOk(feet.offset(3, 6, 3))]);
    expect(moon[0]).toEqual(
      red({ translate: 'argument.resource.not_found', with: ['minecraft:moon', 'minecraft:worldgen/biome'] }),
    );
  });

  test('regression: the overworld is the only level: other dimensions are argument.dimension.invalid, nothing is written', async () => {
    const [overworld, nether, inEnd, nowhere] = await runFenced(op, [
      'execute if dimension minecraft:overworld',
      'execute if dimension the_nether',
      'execute in minecraft:the_end run setblock ~ ~7 ~ minecraft:stone',
      'execute if dimension minecraft:nowhere',
    ]);
    expect(overworld).toEqual([{ translate: 'commands.execute.conditional.pass' }]);
    expect(nether).toEqual([
      red({ translate: 'argument.dimension.invalid', with: ['minecraft:the_nether'] }),
    ]);
    expect(inEnd).toEqual([red({ translate: 'argument.dimension.invalid', with: ['minecraft:the_end'] })]);
    expect(op.bot.blockAt(feet.offset(0, 7, 0))?.name).toBe('air');
    expect(nowhere).toEqual([red({ translate: 'argument.dimension.invalid', with: ['minecraft:nowhere'] })]);
  });

  test('if loaded and if blocks compare the world', async () => {
    const [loaded, far, same] = await runFenced(op, [
      'execute if loaded ~ ~ ~',
      'execute if loaded 100000 0 100000',
      'execute if blocks ~ ~-1 ~ ~ ~-1 ~ ~1 ~-1 ~ all',
    ]);
    expect(loaded).toEqual([{ translate: 'commands.execute.conditional.pass' }]);
    expect(far).toEqual([red({ translate: 'commands.execute.conditional.fail' })]);
    expect(same).toEqual([{ translate: 'commands.execute.conditional.pass_count', with: [1] }]);
  });
});

describe('if blocks masked (checkRegions)', () => {
  test('all-air source compares 0 blocks and still matches: if passes with count 0, unless fails with 0', async () => {
    const [ifMasked, unlessMasked, all, forked] = await runFenced(op, [
      'execute if blocks ~ ~10 ~ ~1 ~10 ~ ~ ~-1 ~ masked',
      'execute unless blocks ~ ~10 ~ ~1 ~10 ~ ~ ~-1 ~ masked',
      'execute if blocks ~ ~10 ~ ~1 ~10 ~ ~ ~-1 ~ all',
      'execute if blocks ~ ~10 ~ ~1 ~10 ~ ~ ~-1 ~ masked run setblock ~2 ~5 ~2 minecraft:glass',
    ]);
    expect(ifMasked).toEqual([{ translate: 'commands.execute.conditional.pass_count', with: [0] }]);
    expect(unlessMasked).toEqual([red({ translate: 'commands.execute.conditional.fail_count', with: [0] })]);
    expect(all).toEqual([red({ translate: 'commands.execute.conditional.fail' })]);
    expect(forked).toEqual([setblockOk(feet.offset(2, 5, 2))]);
  });

  test('masked skips only minecraft:air: cave air is compared like any block', async () => {
    const [, , same, differs] = await runFenced(op, [
      'setblock ~-3 ~8 ~-3 minecraft:cave_air',
      'setblock ~-3 ~9 ~-3 minecraft:cave_air',
      'execute if blocks ~-3 ~8 ~-3 ~-3 ~8 ~-3 ~-3 ~9 ~-3 masked',
      'execute if blocks ~-3 ~8 ~-3 ~-3 ~8 ~-3 ~-3 ~-1 ~-3 masked',
    ]);
    expect(same).toEqual([{ translate: 'commands.execute.conditional.pass_count', with: [1] }]);
    expect(differs).toEqual([red({ translate: 'commands.execute.conditional.fail' })]);
  });
});

describe('failures and silence', () => {
  test('a failing command in a forked chain (as) is silent; in an unforked one (positioned) it is reported', async () => {
    const [forked, plain] = await runFenced(op, [
      'execute as @s run tp Nobody',
      'execute positioned ~ ~ ~ run tp Nobody',
    ]);
    expect(forked).toEqual([]);
    expect(plain).toEqual([red({ translate: 'argument.entity.notfound.entity' })]);
  });

  test('parse errors: unknown subcommand, incomplete chain, unknown command after run', async () => {
    const commands = ['execute foo', 'execute as', 'execute', 'execute run notacommand'] as const;
    const [foo, as, bare, unknown] = await runFenced(op, commands);
    expect(foo).toEqual(parseError(commands[0], 'command.unknown.argument', 8));
    expect(as).toEqual(parseError(commands[1], 'command.unknown.command', 10));
    expect(bare).toEqual(parseError(commands[2], 'command.unknown.command', 7));
    expect(unknown).toEqual(parseError(commands[3], 'command.unknown.argument', 12));
  });

  test('a wrong anchor is EntityAnchorArgument’s argument.anchor.invalid at the word, not an enum error', async () => {
    const command = 'execute anchored nose run say x';
    const [lines] = await runFenced(op, [command]);
    const [, context] = parseError(command, 'argument.anchor.invalid', 17);
    expect(lines).toEqual([red({ translate: 'argument.anchor.invalid', with: ['nose'] }), context]);
  });

  test('an unknown dimension parses (any resource location) and fails when run: one red line, no context', async () => {
    const [named, bare] = await runFenced(op, [
      'execute in minecraft:nowhere run say x',
      'execute in nowhere run say x',
    ]);
    expect(named).toEqual([red({ translate: 'argument.dimension.invalid', with: ['minecraft:nowhere'] })]);
    expect(bare).toEqual([red({ translate: 'argument.dimension.invalid', with: ['minecraft:nowhere'] })]);
  });

  test('a wrong heightmap or swizzle leaves the cursor after what was read, as vanilla’s readers do', async () => {
    const over = 'execute positioned over surface run say x';
    const align = 'execute align xqz run say x';
    const twice = 'execute align xx run say x';
    const [heightmap, swizzle, duplicate] = await runFenced(op, [over, align, twice]);
    const [, overContext] = parseError(over, 'argument.enum.invalid', 31);
    expect(heightmap).toEqual([red({ translate: 'argument.enum.invalid', with: ['surface'] }), overContext]);
    expect(swizzle).toEqual(parseError(align, 'arguments.swizzle.invalid', 16));
    expect(duplicate).toEqual(parseError(twice, 'arguments.swizzle.invalid', 16));
  });

  test('with sendCommandFeedback false, a pass is hidden and a fail still shown', async () => {
    const [, pass, fail, restore] = await runFenced(op, [
      'gamerule sendCommandFeedback false',
      'execute if entity @s',
      'execute unless entity @s',
      'gamerule sendCommandFeedback true',
    ]);
    expect(pass).toEqual([]);
    expect(fail).toEqual([red({ translate: 'commands.execute.conditional.fail_count', with: [1] })]);
    expect(restore).toHaveLength(1);
  });
});

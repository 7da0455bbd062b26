/**
 * fillbiome answers like vanilla 1.21.4 (FillBiomeCommand; keys from its en_us), stores biomes at quart
 * (4×4×4) resolution in the world's chunks and tells clients with chunk_biomes: the bot's own client view
 * (test/helpers/biomes.ts) and a client joining later (map_chunk) both see the new biomes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { biomeAt, watchBiomes } from '../helpers/biomes.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { parseError, red } from '../helpers/vanilla-lines.js';

let world: WorldHandle;
let op: TestBot;
let biomePackets: () => number;

const success = (count: number, min: number[], max: number[]) => ({
  translate: 'commands.fillbiome.success.count',
  with: [count, ...min, ...max],
});
beforeAll(async () => {
  world = await startWorld({ ops: ['Biomer'] });
  op = await joinBot(world.host, world.port, 'Biomer');
  biomePackets = watchBiomes(op.bot);
  await runFenced(op, ['tp @s 8 -60 8']);
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
});

describe('fillbiome', () => {
  test('the superflat is plains on the client (ids of chunks and of the registry clients get agree)', () => {
    expect(biomeAt(op.bot, 8, -61, 8)).toBe('plains');
    expect(biomeAt(op.bot, 8, 100, 8)).toBe('plains');
  });

  test('clients receive 1.21.4’s biome registry: 65 biomes, pale_garden at 39, music as a weighted list', () => {
    type Biome = { name: string; effects?: { music?: unknown; music_volume?: number } };
    const biomes = op.bot.registry.biomes as unknown as Record<number, Biome | undefined>;
    expect(Object.keys(biomes)).toHaveLength(65);
    expect(biomes[39]?.name).toBe('pale_garden');
    expect(biomes[39]?.effects).toMatchObject({ music: [], music_volume: 0 });
    const darkForest = Object.values(biomes).find((b) => b?.name === 'dark_forest');
    expect(darkForest?.effects?.music).toEqual([
      {
        data: expect.objectContaining({ sound: 'minecraft:music.overworld.forest' }) as unknown,
        weight: 1,
      },
    ]);
  });

  test('corners snap to the 4-block grid; each cell whose corner is in the box is set and counted', async () => {
    const before = biomePackets();
    const [lines] = await runFenced(op, ['fillbiome 1 -64 2 5 -57 9 minecraft:desert']);
    // quantized box (0,-64,0)..(4,-60,8): cells x {0,4} × y {-64,-60} × z {0,4,8}
    expect(lines).toEqual([success(12, [0, -64, 0], [4, -60, 8])]);
    expect(biomePackets()).toBeGreaterThan(before);
    expect(biomeAt(op.bot, 0, -64, 0)).toBe('desert');
    expect(biomeAt(op.bot, 7, -57, 11)).toBe('desert');
    expect(biomeAt(op.bot, 8, -61, 0)).toBe('plains');
    expect(biomeAt(op.bot, 0, -56, 0)).toBe('plains');
    expect(biomeAt(op.bot, 0, -61, 12)).toBe('plains');
  });

  test('replace with a biome or a #tag counts only the matching cells (0 is still a success)', async () => {
    const [desert, none, garden, forest] = await runFenced(op, [
      'fillbiome 0 -64 0 7 -57 7 minecraft:badlands replace minecraft:desert',
      'fillbiome 0 -64 0 7 -57 7 minecraft:plains replace #minecraft:is_forest',
      'fillbiome 12 -64 12 12 -64 12 minecraft:pale_garden',
      'fillbiome 12 -64 12 15 -61 15 plains replace #is_forest',
    ]);
    expect(desert).toEqual([success(8, [0, -64, 0], [4, -60, 4])]);
    expect(none).toEqual([success(0, [0, -64, 0], [4, -60, 4])]);
    expect(garden).toEqual([success(1, [12, -64, 12], [12, -64, 12])]);
    // pale_garden is in #is_forest (BiomeTagsProvider): the filter finds the one cell
    expect(forest).toEqual([success(1, [12, -64, 12], [12, -64, 12])]);
    expect(biomeAt(op.bot, 0, -64, 0)).toBe('badlands');
    expect(biomeAt(op.bot, 0, -64, 8)).toBe('desert');
    expect(biomeAt(op.bot, 12, -64, 12)).toBe('plains');
  });

  test('a player joining later gets the stored biomes with its chunks', async () => {
    await runFenced(op, ['fillbiome 20 -64 20 23 -61 23 minecraft:cherry_grove']);
    const late = await joinBot(world.host, world.port, 'Later');
    try {
      expect(biomeAt(late.bot, 20, -64, 20)).toBe('cherry_grove');
      expect(biomeAt(late.bot, 24, -64, 20)).toBe('plains');
    } finally {
      await late.quit();
    }
  });

  test('runtime failures are one red line: toobig [limit, volume], unloaded, out of world', async () => {
    const [big, far, high] = await runFenced(op, [
      'fillbiome -40 -64 -40 40 100 40 minecraft:desert',
      'fillbiome 100000 0 100000 100001 0 100001 minecraft:desert',
      'fillbiome 0 400 0 0 400 0 minecraft:desert',
    ]);
    // quantized (-40,-64,-40)..(40,100,40): 81 × 165 × 81 blocks
    expect(big).toEqual([red({ translate: 'commands.fillbiome.toobig', with: [32768, 81 * 165 * 81] })]);
    expect(far).toEqual([red({ translate: 'argument.pos.unloaded' })]);
    expect(high).toEqual([red({ translate: 'argument.pos.outofworld' })]);
  });

  test('parse errors: unknown biome and unknown tag point after the id; incomplete and trailing words', async () => {
    const commands = [
      'fillbiome 0 -64 0 1 -64 1 minecraft:moon',
      'fillbiome 0 -64 0 1 -64 1 desert replace #minecraft:lunar',
      'fillbiome 0 -64 0 1 -64 1 desert replace',
      'fillbiome 0 -64 0 1 -64 1 desert keep',
    ] as const;
    const [biome, tag, incomplete, trailing] = await runFenced(op, commands);
    const registry = 'minecraft:worldgen/biome';
    expect(biome).toEqual(
      parseError(commands[0], 'argument.resource.not_found', commands[0].length, [
        'minecraft:moon',
        registry,
      ]),
    );
    expect(tag).toEqual(
      parseError(commands[1], 'argument.resource_tag.not_found', commands[1].length, [
        'minecraft:lunar',
        registry,
      ]),
    );
    expect(incomplete).toEqual(parseError(commands[2], 'command.unknown.command', commands[2].length));
    expect(trailing).toEqual(
      parseError(commands[3], 'command.unknown.argument', commands[3].length - 'keep'.length),
    );
  });

  test('with sendCommandFeedback false the success is hidden, a failure still shown', async () => {
    const [, ok, bad, restore] = await runFenced(op, [
      'gamerule sendCommandFeedback false',
      'fillbiome 0 -64 0 0 -64 0 minecraft:desert',
      'fillbiome 100000 0 100000 100001 0 100001 minecraft:desert',
      'gamerule sendCommandFeedback true',
    ]);
    expect(ok).toEqual([]);
    expect(bad).toEqual([red({ translate: 'argument.pos.unloaded' })]);
    expect(restore).toHaveLength(1);
    expect(biomeAt(op.bot, 0, -64, 0)).toBe('desert');
  });
});

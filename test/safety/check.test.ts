import { describe, expect, test } from 'vitest';
import type { ExecutorPosition } from '../../src/commands/block-write.js';
import { checkBatch } from '../../src/safety/check.js';
import {
  defaultSafetyConfig,
  type SafetyConfig,
  type SafetyConfigInput,
  SafetyConfigSchema,
} from '../../src/safety/config.js';

const bot: ExecutorPosition = { x: 5.5, y: 64, z: 5.5, yaw: 0, pitch: 0, dimension: 'minecraft:overworld' };
const zoned = SafetyConfigSchema.parse({
  buildZone: [{ from: [0, 0, 0], to: [31, 127, 31], dimension: 'minecraft:overworld' }],
} satisfies SafetyConfigInput);

function verdict(command: string, config: SafetyConfig = zoned, validateSafety = true, version = '1.21.4') {
  const result = checkBatch([command], { config, validateSafety, executor: bot, version });
  const v = result.verdicts[0];
  if (v === undefined) throw new Error('no verdict');
  return v;
}

describe('allowed commands', () => {
  test.each([
    'setblock 1 64 1 stone',
    '/fill 0 60 0 31 70 31 air',
    'fill ~ ~ ~ ~5 ~5 ~5 oak_planks hollow',
    'clone 0 60 0 3 63 3 10 60 10',
    'execute positioned 10 64 10 run setblock ^ ^ ^3 glass',
    'execute as @e[type=zombie] run kill @s',
    'kill @e[type=!player]',
    'kill @e[type=minecraft:item,distance=..20]',
    'kill',
    'gamemode creative',
    'gamemode creative @s',
    'tp @s 10 64 10',
    'tp 10 64 10',
    'summon minecraft:armor_stand 3 64 3',
    'give @s diamond 64',
    'give @a torch 16',
    'time set day',
    'weather clear',
    'gamerule doDaylightCycle false',
    'tellraw @a {"text":"built!"}',
    'say done',
    'execute if block 1 64 1 stone run setblock 1 65 1 torch',
  ])('%s', (command) => {
    expect(verdict(command)).toEqual({ index: 0, allowed: true });
  });
});

describe('refusals, one rule per row', () => {
  test.each([
    ['op Steve', 'denied_command'],
    ['minecraft:deop Steve', 'denied_command'],
    ['stop', 'denied_command'],
    ['reload', 'denied_command'],
    ['ban Steve', 'denied_command'],
    ['ban-ip 1.2.3.4', 'denied_command'],
    ['banlist', 'denied_command'],
    ['pardon Steve', 'denied_command'],
    ['pardon-ip 1.2.3.4', 'denied_command'],
    ['whitelist off', 'denied_command'],
    ['save-all', 'denied_command'],
    ['save-off', 'denied_command'],
    ['kick Steve', 'denied_command'],
    ['debug start', 'denied_command'],
    ['perf start', 'denied_command'],
    ['jfr start', 'denied_command'],
    ['transfer example.org', 'denied_command'],
    ['execute run op Steve', 'denied_command'],
    ['execute as @s at @s run execute run minecraft:stop', 'denied_command'],
    ['execute if entity @s[name="x y"] run whitelist off', 'denied_command'],
    ['execute run return run op Steve', 'denied_command'],
    ['execute bogus run op Steve', 'denied_command'],
    ['bukkit:op Steve', 'denied_command'],
    ['data merge block 1 64 1 {}', 'not_allowed'],
    ['execute run data merge block 1 64 1 {}', 'not_allowed'],
    ['execute if function ns:build run say hi', 'not_allowed'],
    ['execute store result block 1 64 1 x int 1 run time query daytime', 'not_allowed'],
    ['function ns:build', 'not_allowed'],
    ['setblock 1 64', 'unparseable'],
    ['fill 0 0 0 1 1 1 stone[facing=north', 'unparseable'],
    ['kill @a', 'player_selector'],
    ['kill @e', 'player_selector'],
    ['kill @p', 'player_selector'],
    ['kill Steve', 'player_selector'],
    ['kill @e[type=player]', 'player_selector'],
    ['gamemode survival @a', 'player_selector'],
    ['execute as @a run gamemode survival', 'player_selector'],
    ['execute as @a run kill @s', 'player_selector'],
    ['tp @a 10 64 10', 'player_selector'],
    ['give @s diamond 65', 'give_count'],
    ['fill 0 0 0 31 31 32 stone', 'fill_volume'],
    ['clone 0 0 0 31 31 32 0 40 0', 'fill_volume'],
    ['setblock 32 64 0 stone', 'build_zone'],
    ['fill 0 60 0 40 60 0 stone', 'build_zone'],
    ['setblock ~30 ~ ~ stone', 'build_zone'],
    ['execute positioned 100 64 100 run setblock ~ ~ ~ stone', 'build_zone'],
    ['execute in the_nether run setblock 1 64 1 stone', 'build_zone'],
    ['execute at @e[type=zombie] run setblock ~ ~ ~ stone', 'build_zone'],
    ['clone 0 60 0 3 63 3 30 60 30', 'build_zone'],
    ['summon zombie 40 64 0', 'build_zone'],
    ['tp @s 10 500 10', 'build_zone'],
    ['tp @s Steve', 'build_zone'],
    ['say hi\u00a7c', 'illegal_characters'],
    ['say line\nnext', 'illegal_characters'],
    ['say tab\there', 'illegal_characters'],
    ['say del\u007f', 'illegal_characters'],
    ['op Steve\n', 'illegal_characters'],
  ])('%s → %s', (command, rule) => {
    const v = verdict(command);
    expect(v.allowed).toBe(false);
    expect(v.rule).toBe(rule);
    expect(v.summary).toContain(rule);
    expect(v.summary).toContain('Fix:');
  });
});

describe('syntax the parser cannot read', () => {
  test('goes to the game when no build zone is set: the game is the authority on syntax', () => {
    const v = verdict('setblock 1 64', defaultSafetyConfig);
    expect(v.allowed).toBe(true);
  });
  test('is still checked against the deny list', () => {
    expect(verdict('execute bogus run op Steve', defaultSafetyConfig).rule).toBe('denied_command');
  });
});

describe('length limit by version', () => {
  const say = (n: number) => `say ${'a'.repeat(n - 4)}`;
  test.each([
    ['1.20.4', 256, true],
    ['1.20.4', 257, false],
    ['1.20.5', 257, true],
    ['1.21.4', 32_767, true],
    ['1.21.4', 32_768, false],
    ['not a version', 257, false],
  ])('%s, %d characters: allowed %s', (version, length, allowed) => {
    const v = verdict(say(length), zoned, true, version);
    expect(v.allowed).toBe(allowed);
    if (!allowed) expect(v.rule).toBe('command_too_long');
  });
});

describe('validate_safety', () => {
  const unsafeConfig = { ...zoned, allowUnsafe: true };

  test('false is ignored without allowUnsafe, and the result says so', () => {
    const result = checkBatch(['setblock 100 64 100 stone'], {
      config: zoned,
      validateSafety: false,
      executor: bot,
      version: '1.21.4',
    });
    expect(result.unsafeRequestIgnored).toBe(true);
    expect(result.verdicts[0]).toMatchObject({ allowed: false, rule: 'build_zone' });
  });

  test.each([
    'setblock 100 64 100 stone',
    'kill @a',
    'data merge block 1 1 1 {}',
    'give @s dirt 999',
    'setblock 1',
  ])('false with allowUnsafe lets %s through', (command) => {
    expect(verdict(command, unsafeConfig, false)).toEqual({ index: 0, allowed: true });
  });

  test.each([
    ['op Steve', 'denied_command'],
    ['execute run stop', 'denied_command'],
    ['execute as @s bogus run op me', 'denied_command'],
    ['say a\u00a7b', 'illegal_characters'],
  ])('false with allowUnsafe still refuses %s', (command, rule) => {
    expect(verdict(command, unsafeConfig, false)).toMatchObject({ allowed: false, rule });
  });
});

describe('batches', () => {
  const batch = ['setblock 1 64 1 stone', 'kill @a', 'setblock 2 64 2 stone'];

  test('by default one refusal blocks the whole batch', () => {
    const result = checkBatch(batch, {
      config: zoned,
      validateSafety: true,
      executor: bot,
      version: '1.21.4',
    });
    expect(result.blockedWholeBatch).toBe(true);
    expect(result.verdicts.map((v) => [v.allowed, v.rule])).toEqual([
      [false, 'batch_blocked'],
      [false, 'player_selector'],
      [false, 'batch_blocked'],
    ]);
    expect(result.verdicts[0]?.summary).toContain('command #2');
  });

  test('skip_command refuses only the offending command', () => {
    const config = { ...zoned, onRefusal: 'skip_command' as const };
    const result = checkBatch(batch, { config, validateSafety: true, executor: bot, version: '1.21.4' });
    expect(result.blockedWholeBatch).toBe(false);
    expect(result.verdicts.map((v) => v.allowed)).toEqual([true, false, true]);
  });

  test('the batch volume limit refuses the command that crosses it', () => {
    const config = { ...zoned, onRefusal: 'skip_command' as const, maxBatchVolume: 1500 };
    const fills = ['fill 0 60 0 9 69 9 stone', 'fill 0 70 0 9 79 9 stone', 'setblock 0 0 0 stone'];
    const result = checkBatch(fills, { config, validateSafety: true, executor: bot, version: '1.21.4' });
    expect(result.verdicts.map((v) => v.rule)).toEqual([undefined, 'batch_volume', undefined]);
  });

  test('without a build zone, writes anywhere pass', () => {
    expect(verdict('setblock 100000 64 -100000 stone', defaultSafetyConfig)).toEqual({
      index: 0,
      allowed: true,
    });
  });

  test('without an executor, relative writes cannot be checked against the zone', () => {
    const result = checkBatch(['setblock ~ ~ ~ stone'], {
      config: zoned,
      validateSafety: true,
      version: '1.21.4',
    });
    expect(result.verdicts[0]).toMatchObject({ allowed: false, rule: 'build_zone' });
    expect(result.verdicts[0]?.summary).toContain('executor position is unknown');
  });

  test('an empty batch has no verdicts and blocks nothing', () => {
    expect(checkBatch([], { config: zoned, validateSafety: true, version: '1.21.4' })).toEqual({
      verdicts: [],
      blockedWholeBatch: false,
      unsafeRequestIgnored: false,
      parsed: [],
    });
  });

  test('hands back each command as parsed, for the caller to reuse; none for refused-before-parsing ones', () => {
    const result = checkBatch(['setblock 1 64 1 stone', 'say \u00a7c'], {
      config: zoned,
      validateSafety: true,
      version: '1.21.4',
    });
    expect(result.parsed[0]?.blockWrites).toHaveLength(1);
    expect(result.parsed[1]).toBeUndefined();
  });
});

describe('build zone across several boxes and dimensions', () => {
  const config = SafetyConfigSchema.parse({
    buildZone: [
      { from: [0, 0, 0], to: [9, 9, 9] },
      { from: [10, 0, 0], to: [19, 9, 9] },
      { from: [0, 0, 0], to: [5, 5, 5], dimension: 'the_nether' },
    ],
  });
  test.each([
    ['fill 5 0 0 15 9 9 stone', true],
    ['fill 5 0 0 20 9 9 stone', false],
    ['execute in the_nether run fill 0 0 0 5 5 5 stone', true],
    ['execute in the_nether run setblock 15 0 0 stone', true],
    ['execute in the_end run setblock 1 1 1 stone', true],
  ])('%s: allowed %s', (command, allowed) => {
    expect(verdict(command, config).allowed).toBe(allowed);
  });

  test('a zone restricted to a dimension refuses writes whose dimension is unknown', () => {
    const onlyOverworld = SafetyConfigSchema.parse({
      buildZone: [{ from: [0, 0, 0], to: [9, 9, 9], dimension: 'minecraft:overworld' }],
    });
    const result = checkBatch(['setblock 1 1 1 stone'], {
      config: onlyOverworld,
      validateSafety: true,
      executor: { x: bot.x, y: bot.y, z: bot.z, yaw: bot.yaw, pitch: bot.pitch },
      version: '1.21.4',
    });
    expect(result.verdicts[0]).toMatchObject({ allowed: false, rule: 'build_zone' });
  });
});

import { describe, expect, test } from 'vitest';
import type { BlockWrite, ExecutorPosition } from '../../src/commands/block-write.js';
import { parseCommand } from '../../src/commands/parse.js';

const bot: ExecutorPosition = { x: 10.7, y: 64, z: -3.2, yaw: 0, pitch: 0, dimension: 'minecraft:overworld' };

function firstWrite(text: string, executor: ExecutorPosition | undefined = bot): BlockWrite {
  const parsed = parseCommand(text, executor);
  expect(parsed.error).toBeUndefined();
  const w = parsed.blockWrites[0];
  if (w === undefined) throw new Error(`no block write in ${text}`);
  return w;
}

function setblockPos(text: string, executor: ExecutorPosition | undefined = bot) {
  const w = firstWrite(text, executor);
  if (w.kind !== 'setblock') throw new Error('not a setblock');
  return w.pos;
}

describe('names', () => {
  test.each([
    ['setblock 1 2 3 stone', 'setblock', 'setblock', ['setblock']],
    ['/fill 0 0 0 1 1 1 air', 'fill', 'fill', ['fill']],
    ['minecraft:setblock 1 2 3 stone', 'setblock', 'setblock', ['setblock']],
    ['Minecraft:Say hi', 'say', 'say', ['say']],
    ['execute run say hi', 'execute', 'say', ['execute', 'say']],
    ['execute as @s run execute at @s run minecraft:op me', 'execute', 'op', ['execute', 'execute', 'op']],
    ['execute if entity @s', 'execute', 'execute', ['execute']],
    ['execute if function ns:f run say x', 'execute', 'say', ['execute', 'function', 'say']],
    ['execute summon zombie run say x', 'execute', 'say', ['execute', 'summon', 'say']],
    [
      'execute store result score @s obj run time query daytime',
      'execute',
      'time',
      ['execute', 'scoreboard', 'time'],
    ],
    ['return run kill @s', 'return', 'kill', ['return', 'kill']],
    ['bukkit:op me', 'bukkit:op', 'bukkit:op', ['bukkit:op']],
  ])('%s → name %s, effective %s', (text, name, effective, invokes) => {
    const p = parseCommand(text, bot);
    expect(p.name).toBe(name);
    expect(p.effectiveName).toBe(effective);
    expect(p.invokes).toEqual(invokes);
  });

  test('args are the raw text after the root literal', () => {
    expect(parseCommand('/tellraw @a {"text":"hi there"}').args).toBe('@a {"text":"hi there"}');
  });
});

describe('block positions', () => {
  test.each([
    ['setblock 1 2 3 stone', { x: 1, y: 2, z: 3 }],
    ['setblock ~ ~ ~ stone', { x: 10, y: 64, z: -4 }],
    ['setblock ~0.5 ~-0.5 ~0.5 stone', { x: 11, y: 63, z: -3 }],
    ['setblock ~-11 ~1 ~3.2 stone', { x: -1, y: 65, z: 0 }],
    // yaw 0 faces south (+z); left is east (+x)
    ['setblock ^ ^ ^5 stone', { x: 10, y: 64, z: 1 }],
    ['setblock ^2 ^ ^ stone', { x: 12, y: 64, z: -4 }],
    ['setblock ^ ^3 ^ stone', { x: 10, y: 67, z: -4 }],
  ])('%s', (text, pos) => {
    expect(setblockPos(text)).toEqual(pos);
  });

  test.each([
    [90, 0, 'setblock ^ ^ ^3 stone', { x: 7, y: 64, z: -4 }],
    [180, 0, 'setblock ^ ^ ^3 stone', { x: 10, y: 64, z: -7 }],
    [-90, 0, 'setblock ^ ^ ^3 stone', { x: 13, y: 64, z: -4 }],
    [0, -90, 'setblock ^ ^ ^3 stone', { x: 10, y: 67, z: -4 }],
    [0, 90, 'setblock ^ ^ ^3 stone', { x: 10, y: 61, z: -4 }],
    [90, 0, 'setblock ^1 ^ ^ stone', { x: 10, y: 64, z: -3 }],
    [45, 0, 'setblock ^ ^ ^10 stone', { x: 3, y: 64, z: 3 }],
  ])('yaw %d pitch %d: %s', (yaw, pitch, text, pos) => {
    expect(setblockPos(text, { ...bot, yaw, pitch })).toEqual(pos);
  });

  test('relative positions without an executor are placeholders marked unresolved', () => {
    const p = parseCommand('setblock ~1 ~ ~ stone');
    expect(p.unresolved).toBe(true);
    expect(p.blockWrites[0]).toMatchObject({ unresolved: true, pos: { x: 1, y: 0, z: 0 } });
  });

  test('absolute positions need no executor', () => {
    const p = parseCommand('setblock 1 2 3 stone');
    expect(p.unresolved).toBe(false);
    expect(p.blockWrites[0]).not.toHaveProperty('unresolved');
  });
});

describe('block writes', () => {
  test('setblock keeps block states, NBT and mode', () => {
    expect(firstWrite('setblock 0 0 0 oak_door[facing=north,half=lower]{Lock:"x y"} keep')).toEqual({
      kind: 'setblock',
      pos: { x: 0, y: 0, z: 0 },
      block: { name: 'minecraft:oak_door', states: { facing: 'north', half: 'lower' }, nbt: '{Lock:"x y"}' },
      mode: 'keep',
      dimension: 'minecraft:overworld',
    });
  });

  test('fill with a tag filter', () => {
    expect(firstWrite('fill 0 0 0 ~ ~ ~ air replace #minecraft:logs[axis=y]')).toMatchObject({
      kind: 'fill',
      from: { x: 0, y: 0, z: 0 },
      to: { x: 10, y: 64, z: -4 },
      mode: 'replace',
      filter: { kind: 'tag', tag: '#minecraft:logs', states: { axis: 'y' } },
    });
  });

  test.each([
    ['clone 0 0 0 1 1 1 5 5 5', { maskMode: 'replace', cloneMode: 'normal' }],
    ['clone 0 0 0 1 1 1 5 5 5 masked move', { maskMode: 'masked', cloneMode: 'move' }],
    ['clone 0 0 0 1 1 1 5 5 5 filtered stone force', { maskMode: 'filtered', cloneMode: 'force' }],
    [
      'clone from the_nether 0 0 0 1 1 1 to minecraft:overworld 5 5 5',
      { sourceDimension: 'minecraft:the_nether', dimension: 'minecraft:overworld' },
    ],
    [
      'clone from the_end 0 0 0 1 1 1 5 5 5',
      { sourceDimension: 'minecraft:the_end', dimension: 'minecraft:the_end' },
    ],
  ])('%s', (text, expected) => {
    expect(firstWrite(text)).toMatchObject({ kind: 'clone', destination: { x: 5, y: 5, z: 5 }, ...expected });
  });
});

describe('execute changes where relative positions resolve', () => {
  test.each([
    ['execute positioned 0 64 0 run setblock ~ ~ ~ stone', { x: 0, y: 64, z: 0 }],
    ['execute positioned ~5 ~ ~ run setblock ~ ~ ~ stone', { x: 15, y: 64, z: -4 }],
    ['execute align xz run setblock ~0.5 ~ ~0.5 stone', { x: 10, y: 64, z: -4 }],
    ['execute positioned 0 64 0 at @s run setblock ~ ~ ~ stone', { x: 10, y: 64, z: -4 }],
    ['execute positioned 0 64 0 positioned as @s run setblock ~ ~ ~ stone', { x: 10, y: 64, z: -4 }],
    ['execute rotated 90 0 run setblock ^ ^ ^2 stone', { x: 8, y: 64, z: -4 }],
    ['execute rotated ~180 ~ run setblock ^ ^ ^2 stone', { x: 10, y: 64, z: -6 }],
    ['execute positioned 0 64 0 facing 10 64 0 run setblock ^ ^ ^3 stone', { x: 3, y: 64, z: 0 }],
    ['execute anchored eyes run setblock ^ ^ ^ stone', { x: 10, y: 65, z: -4 }],
    ['execute in the_nether run setblock ~ ~ ~ stone', { x: 1, y: 64, z: -1 }],
    ['execute as @e[type=zombie] run setblock ~ ~ ~ stone', { x: 10, y: 64, z: -4 }],
  ])('%s', (text, pos) => {
    expect(setblockPos(text)).toEqual(pos);
  });

  test('execute in records the dimension of the write', () => {
    expect(firstWrite('execute in minecraft:the_end run setblock 0 0 0 stone').dimension).toBe(
      'minecraft:the_end',
    );
  });

  test.each([
    'execute at @e[type=zombie] run setblock ~ ~ ~ stone',
    'execute as @a at @s run fill ~ ~ ~ ~1 ~1 ~1 stone',
    'execute positioned as @p run setblock ~ ~ ~ stone',
    'execute positioned over world_surface run setblock ~ ~ ~ stone',
    'execute rotated as @e run setblock ^ ^ ^1 stone',
    'execute as @e[type=zombie] anchored eyes run setblock ^ ^ ^ stone',
    'execute in minecraft:custom run setblock ~ ~ ~ stone',
  ])('%s cannot be resolved', (text) => {
    const p = parseCommand(text, bot);
    expect(p.error).toBeUndefined();
    expect(p.unresolved).toBe(true);
    expect(p.blockWrites[0]?.unresolved).toBe(true);
  });

  test('absolute positions after an unknown source still resolve', () => {
    const p = parseCommand('execute at @e[type=zombie] run setblock 1 2 3 stone', bot);
    expect(p.unresolved).toBe(false);
    expect(p.blockWrites[0]).toMatchObject({ pos: { x: 1, y: 2, z: 3 } });
  });
});

describe('entities', () => {
  test.each([
    ['tp 1 64 1', { kind: 'teleport', pos: { x: 1.5, y: 64, z: 1.5 } }],
    ['tp @s 1.25 64 1', { kind: 'teleport', pos: { x: 1.25, y: 64, z: 1.5 } }],
    ['teleport @s ~ ~10 ~ facing 0 0 0', { kind: 'teleport', pos: { x: 10.7, y: 74, z: -3.2 } }],
    ['tp @s ~ ~ ~ 90 0', { kind: 'teleport', pos: { x: 10.7, y: 64, z: -3.2 } }],
    ['summon zombie', { kind: 'summon', entity: 'minecraft:zombie', pos: { x: 10.7, y: 64, z: -3.2 } }],
    [
      'summon minecraft:pig 5 6 7 {NoAI:1b}',
      { kind: 'summon', entity: 'minecraft:pig', pos: { x: 5.5, y: 6, z: 7.5 } },
    ],
  ])('%s', (text, write) => {
    const p = parseCommand(text, bot);
    expect(p.error).toBeUndefined();
    expect(p.positionWrites[0]).toMatchObject(write);
  });

  test('tp to an entity has no position', () => {
    const p = parseCommand('tp @s Steve', bot);
    expect(p.positionWrites[0]).toMatchObject({ kind: 'teleport', unresolved: true });
    expect(p.positionWrites[0]?.pos).toBeUndefined();
  });

  test.each([
    ['kill @a', '@a', true],
    ['kill @p', '@p', true],
    ['kill @e', '@e', true],
    ['kill @e[type=!player]', '@e[type=!player]', false],
    ['kill @e[type=minecraft:zombie,distance=..10]', '@e[type=minecraft:zombie,distance=..10]', false],
    ['kill @e[type=player]', '@e[type=player]', true],
    ['kill @e[type=#minecraft:skeletons]', '@e[type=#minecraft:skeletons]', true],
    ['kill @n[type=!minecraft:player]', '@n[type=!minecraft:player]', false],
    ['kill Steve', 'Steve', true],
    ['kill @s', '@s', false],
    ['kill', '@s', false],
    ['execute as @a run kill @s', '@s', true],
    ['execute as @a run kill', '@s', true],
    ['execute as @e[type=cow] run kill @s', '@s', false],
    ['execute on passengers run kill @s', '@s', true],
    ['gamemode creative', '@s', false],
    ['gamemode creative @a[name="a b,c"]', '@a[name="a b,c"]', true],
    ['execute as @a run tp 0 64 0', '@s', true],
  ])('%s: target %s may hit players: %s', (text, raw, hits) => {
    const p = parseCommand(text, bot);
    expect(p.error).toBeUndefined();
    const target = p.selectors.find((s) => s.role === 'target');
    expect(target).toMatchObject({ raw, mayHitPlayers: hits });
  });

  test.each([
    ['give @s diamond', 1],
    ['give @s minecraft:diamond_sword[minecraft:damage=5] 3', 3],
    ['give @s stick{display:{Name:\'"x"\'}} 2000', 2000],
  ])('%s gives %d', (text, count) => {
    expect(parseCommand(text, bot).gives).toEqual([expect.objectContaining({ count })]);
  });
});

describe('parse errors are values', () => {
  test.each([
    ['', 0],
    ['setblock', 8],
    ['setblock 1 2', 12],
    ['setblock 1.5 2 3 stone', 9],
    ['setblock ^ ~ ^ stone', 9],
    ['setblock 1 2 3 stone[facing', 20],
    ['setblock 1 2 3 stone bogus', 21],
    ['fill 0 0 0 1 1 1 stone hollow extra', 30],
    ['execute bogus run say', 8],
    // "run" is a valid player name, as in vanilla; then "say" is no subcommand
    ['execute as run say x', 15],
    ['execute run', 11],
    ['kill @x', 5],
    ['tp', 2],
  ])('%s → error at %d', (text, position) => {
    const p = parseCommand(text, bot);
    expect(p.ok).toBe(false);
    expect(p.error?.position).toBe(position);
    expect(p.error?.message).toEqual(expect.any(String));
  });

  test('commands the parser only knows by name are not understood but parse', () => {
    const p = parseCommand('data merge block 1 2 3 {}', bot);
    expect(p.ok).toBe(true);
    expect(p.understood).toBe(false);
  });
});

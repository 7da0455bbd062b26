/**
 * time, weather, difficulty, seed, list, setworldspawn and the unknown-command fallback answer like vanilla
 * 1.21.4 (server/commands/TimeCommand.java, WeatherCommand.java, DifficultyCommand.java, SeedCommand.java,
 * ListPlayersCommand.java, SetWorldSpawnCommand.java), and change what a real mineflayer bot sees.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { expectFailure, expectParseError, expectSuccess } from './vanilla-reply.js';

let world: WorldHandle;
let op: TestBot;
let watcher: TestBot;

const red = (inner: unknown) => ({ text: '', color: 'red', extra: [inner] });
/** numbers in a mixed argument list arrive `{text: n}` (vanilla's heterogeneous NBT list, as mineflayer reads it) */
const wrapped = (...values: unknown[]) => values.map((v) => ({ text: v }));
const firstKey = (lines: unknown[]) =>
  lines[0] as { translate?: string; extra?: Array<{ translate?: string }> };
const keyOf = (line: unknown) => {
  const l = firstKey([line]);
  return l.translate ?? l.extra?.[0]?.translate;
};

beforeAll(async () => {
  world = await startWorld({ ops: ['Level', 'Watcher'] });
  op = await joinBot(world.host, world.port, 'Level');
  watcher = await joinBot(world.host, world.port, 'Watcher');
});

afterAll(async () => {
  await watcher?.quit();
  await op?.quit();
  await world?.stop();
});

describe('unknown-command fallback', () => {
  test.each(['xp add @s 5', 'tpa Level', 'ban Watcher', 'help'])(
    '%s (not implemented) is command.unknown.command with the context line at 0, never flying-squid text',
    async (command) => {
      const [lines] = await runFenced(op, [command]);
      expect(lines).toEqual([
        red({ translate: 'command.unknown.command' }),
        red({
          text: '',
          color: 'gray',
          clickEvent: { action: 'suggest_command', value: `/${command}` },
          // vanilla appends the (empty) text before the cursor even at 0
          extra: [
            { '': '' },
            { text: command, color: 'red', underlined: 1 },
            { translate: 'command.context.here', color: 'red', italic: 1 },
          ],
        }),
      ]);
    },
  );
});

describe('time', () => {
  test('set, query and add report vanilla keys; the bot sees the new time of day', async () => {
    const [rule, set, query, add, noon, day] = await runFenced(op, [
      'gamerule doDaylightCycle false',
      'time set 1000',
      'time query daytime',
      'time add 1d',
      'time set noon',
      'time query day',
    ]);
    expect(rule).toHaveLength(1);
    expect(set).toEqual([{ translate: 'commands.time.set', with: [1000] }]);
    expect(query).toEqual([{ translate: 'commands.time.query', with: [1000] }]);
    // add reports the resulting time of day (25000 % 24000)
    expect(add).toEqual([{ translate: 'commands.time.set', with: [1000] }]);
    expect(noon).toEqual([{ translate: 'commands.time.set', with: [6000] }]);
    expect(day).toEqual([{ translate: 'commands.time.query', with: [0] }]);
    expect(op.bot.time.timeOfDay).toBe(6000);
    expectSuccess(noon, 'commands.time.set');
  });

  test('time units: 2s is 40 ticks, 0.5d is 12000', async () => {
    const [s, d] = await runFenced(op, ['time set 2s', 'time set 0.5d']);
    expect(s).toEqual([{ translate: 'commands.time.set', with: [40] }]);
    expect(d).toEqual([{ translate: 'commands.time.set', with: [12000] }]);
  });

  test('a bad unit is argument.time.invalid_unit after the unit; a word is parsing.float.expected', async () => {
    const [unit, word, missing, wrongLiteral] = await runFenced(op, [
      'time set 5x',
      'time set dusk',
      'time set',
      'time sett 5',
    ]);
    expect(unit[0]).toEqual(red({ translate: 'argument.time.invalid_unit' }));
    expect(unit).toHaveLength(2);
    expect(word[0]).toEqual(red({ translate: 'parsing.float.expected' }));
    expect(missing[0]).toEqual(red({ translate: 'command.unknown.command' }));
    expect(wrongLiteral[0]).toEqual(red({ translate: 'command.unknown.argument' }));
    expectParseError(unit, 'argument.time.invalid_unit');
  });

  test('other operators get the admin copy of set, not of query', async () => {
    const from = watcher.lines.length;
    await runFenced(op, ['time query gametime', 'time set 3000']);
    const isSetCopy = (json: unknown) =>
      keyOf(json) === 'chat.type.admin' &&
      JSON.stringify((json as { with: unknown[] }).with[1]) ===
        JSON.stringify({ translate: 'commands.time.set', with: [3000] });
    await watcher.waitForLine((l) => isSetCopy(l.json));
    const copies = watcher.lines.slice(from).filter((l) => keyOf(l.json) === 'chat.type.admin');
    expect(copies).toHaveLength(1);
    expect((copies[0]!.json as { with: unknown[] }).with[1]).toEqual({
      translate: 'commands.time.set',
      with: [3000],
    });
  });
});

describe('weather', () => {
  test('rain makes it rain for the bot; clear stops it', async () => {
    const raining = new Promise<void>((resolve) =>
      op.bot.on('rain', () => {
        if (op.bot.isRaining) resolve();
      }),
    );
    const [rain] = await runFenced(op, ['weather rain']);
    expect(rain).toEqual([{ translate: 'commands.weather.set.rain' }]);
    await raining;
    expect(op.bot.isRaining).toBe(true);
    const cleared = new Promise<void>((resolve) =>
      op.bot.on('rain', () => {
        if (!op.bot.isRaining) resolve();
      }),
    );
    const [clear, thunder] = await runFenced(op, ['weather clear 10m', 'weather thunder 1d']);
    expect(clear).toEqual([red({ translate: 'argument.time.invalid_unit' }), expect.anything()]);
    expect(thunder).toEqual([{ translate: 'commands.weather.set.thunder' }]);
    const [clearNow] = await runFenced(op, ['weather clear 600s']);
    expect(clearNow).toEqual([{ translate: 'commands.weather.set.clear' }]);
    await cleared;
    expect(op.bot.isRaining).toBe(false);
  });

  test('a zero duration is argument.time.tick_count_too_low [1, 0]; an unknown kind is command.unknown.argument', async () => {
    const [zero, snow] = await runFenced(op, ['weather rain 0', 'weather snow']);
    expect(zero[0]).toEqual(red({ translate: 'argument.time.tick_count_too_low', with: [1, 0] }));
    expect(snow[0]).toEqual(red({ translate: 'command.unknown.argument' }));
  });
});

describe('difficulty', () => {
  test('query, change, and the same difficulty again is commands.difficulty.failure (one red line)', async () => {
    const packets: unknown[] = [];
    const client = op.bot._client as unknown as NodeJS.EventEmitter;
    client.on('difficulty', (packet: { difficulty: unknown }) => packets.push(packet.difficulty));
    const [query, hard, again, bad] = await runFenced(op, [
      'difficulty',
      'difficulty hard',
      'difficulty hard',
      'difficulty extreme',
    ]);
    expect(query).toEqual([
      { translate: 'commands.difficulty.query', with: [{ translate: 'options.difficulty.peaceful' }] },
    ]);
    expect(hard).toEqual([
      { translate: 'commands.difficulty.success', with: [{ translate: 'options.difficulty.hard' }] },
    ]);
    expect(again).toEqual([red({ translate: 'commands.difficulty.failure', with: ['hard'] })]);
    expect(bad[0]).toEqual(red({ translate: 'command.unknown.argument' }));
    // the difficulty packet is written before the feedback line, so the bot has it by now
    // (mineflayer 4.39 misreads the 1.21.4 packet into bot.game.difficulty, so read the packet itself)
    expect(packets).toEqual(['hard']);
    expectFailure(again, 'commands.difficulty.failure');
  });
});

describe('seed and list', () => {
  test('seed is the number in green brackets, click to copy', async () => {
    const [lines] = await runFenced(op, ['seed']);
    const line = lines[0] as {
      translate: string;
      with: Array<{ translate: string; with: Array<Record<string, unknown>> }>;
    };
    expect(line.translate).toBe('commands.seed.success');
    const inner = line.with[0]!;
    expect(inner.translate).toBe('chat.square_brackets');
    const seed = inner.with[0]!;
    expect(seed).toMatchObject({ color: 'green', clickEvent: { action: 'copy_to_clipboard' } });
    expect(String(seed['text'])).toMatch(/^-?\d+$/);
    expect(seed['insertion']).toBe(seed['text']);
  });

  test('list names both players with their display names; uuids adds the ids; non-operators may list', async () => {
    const [lines, uuids] = await runFenced(op, ['list', 'list uuids']);
    const line = lines[0] as { translate: string; with: unknown[] };
    expect(line.translate).toBe('commands.list.players');
    expect(line.with.slice(0, 2)).toEqual(wrapped(2, 20));
    const names = (line.with[2] as { extra: Array<Record<string, unknown>> }).extra;
    expect(names.map((n) => n['text'])).toEqual(['Level', ', ', 'Watcher']);
    expect(names[0]).toMatchObject({
      insertion: 'Level',
      clickEvent: { action: 'suggest_command', value: '/tell Level ' },
      hoverEvent: { action: 'show_entity' },
    });
    expect(names[1]).toMatchObject({ color: 'gray' });
    const ids = (
      (uuids[0] as { with: unknown[] }).with[2] as { extra: Array<{ translate: string; with: string[] }> }
    ).extra[0]!;
    expect(ids.translate).toBe('commands.list.nameAndId');
    expect(ids.with[0]).toBe('Level');
    expect(ids.with[1]).toMatch(/^[0-9a-f-]{36}$/);
    await world.deop('Watcher');
    // no fences for a non-operator (tellraw needs op): wait for the lines themselves
    const from = watcher.lines.length;
    watcher.bot.chat('/list');
    watcher.bot.chat('/seed');
    await watcher.waitForLine((l) => keyOf(l.json) === 'command.unknown.command');
    await world.op('Watcher');
    const keys = watcher.lines.slice(from).map((l) => keyOf(l.json));
    expect(keys).toEqual(['commands.list.players', 'command.unknown.command', undefined]);
  });
});

describe('setworldspawn', () => {
  test('sets the spawn the bot sees, reports x y z and the angle; feedback off hides only the success', async () => {
    const feet = op.bot.entity.position.floored();
    const [here, at, bounds] = await runFenced(op, [
      'setworldspawn',
      `setworldspawn ${feet.x + 3} ${feet.y} ${feet.z} 90`,
      'setworldspawn 0 30000000 0',
    ]);
    expect(here).toEqual([
      { translate: 'commands.setworldspawn.success', with: wrapped(feet.x, feet.y, feet.z, 0) },
    ]);
    expect(at).toEqual([
      { translate: 'commands.setworldspawn.success', with: wrapped(feet.x + 3, feet.y, feet.z, 90) },
    ]);
    expect(bounds).toEqual([red({ translate: 'argument.pos.outofbounds' })]);
    expect(op.bot.spawnPoint).toMatchObject({ x: feet.x + 3, y: feet.y, z: feet.z });
    const [off, quiet, failed, on] = await runFenced(op, [
      'gamerule sendCommandFeedback false',
      'setworldspawn ~ ~ ~',
      'setworldspawn ~ ~',
      'gamerule sendCommandFeedback true',
    ]);
    expect(off).toEqual([]);
    expect(quiet).toEqual([]);
    expect(failed[0]).toEqual(red({ translate: 'argument.pos3d.incomplete' }));
    expect(on).toHaveLength(1);
  });
});

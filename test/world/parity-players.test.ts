/**
 * gamemode and title answer like vanilla 1.21.4 (server/commands/GameModeCommand.java, TitleCommand.java)
 * and change what a real mineflayer bot sees: its game mode, the title packets.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { expectSuccess } from './vanilla-reply.js';

let world: WorldHandle;
let op: TestBot;
let other: TestBot;

const red = (inner: unknown) => ({ text: '', color: 'red', extra: [inner] });
/** a player's display name as vanilla builds it (the UUID goes out as four ints; mineflayer shows it as hex) */
const displayName = (name: string) => ({
  text: name,
  insertion: name,
  clickEvent: { action: 'suggest_command', value: `/tell ${name} ` },
  hoverEvent: {
    action: 'show_entity',
    contents: { type: 'minecraft:player', id: expect.stringMatching(/^[0-9a-f]{32}$/), name },
  },
});
const mode = (m: string) => ({ translate: `gameMode.${m}` });

beforeAll(async () => {
  world = await startWorld({ ops: ['Mode'] });
  op = await joinBot(world.host, world.port, 'Mode');
  other = await joinBot(world.host, world.port, 'Other');
});

afterAll(async () => {
  await other?.quit();
  await op?.quit();
  await world?.stop();
});

describe('gamemode', () => {
  test('own mode: commands.gamemode.success.self; the bot is in that mode; the same mode again is silent', async () => {
    const [survival, again, creative] = await runFenced(op, [
      'gamemode survival',
      'gamemode survival',
      'gamemode creative',
    ]);
    expect(survival).toEqual([{ translate: 'commands.gamemode.success.self', with: [mode('survival')] }]);
    expect(again).toEqual([]);
    expect(creative).toEqual([{ translate: 'commands.gamemode.success.self', with: [mode('creative')] }]);
    expect(op.bot.game.gameMode).toBe('creative');
    expectSuccess(creative, 'commands.gamemode.success.self');
  });

  test('another player: .success.other with the display name; the target is told gameMode.changed', async () => {
    const [lines] = await runFenced(op, ['gamemode adventure Other']);
    expect(lines).toEqual([
      { translate: 'commands.gamemode.success.other', with: [displayName('Other'), mode('adventure')] },
    ]);
    const told = await other.waitForLine(
      (l) => (l.json as { translate?: string }).translate === 'gameMode.changed',
    );
    expect(told.json).toEqual({ translate: 'gameMode.changed', with: [mode('adventure')] });
    expect(other.bot.game.gameMode).toBe('adventure');
  });

  test('an unknown mode is argument.gamemode.invalid after the word; no player is argument.entity.notfound.player', async () => {
    const [bad, nobody, missing] = await runFenced(op, [
      'gamemode hardcore',
      'gamemode creative Nobody',
      'gamemode',
    ]);
    expect(bad).toEqual([
      red({ translate: 'argument.gamemode.invalid', with: ['hardcore'] }),
      red({
        text: '',
        color: 'gray',
        clickEvent: { action: 'suggest_command', value: '/gamemode hardcore' },
        extra: [
          { '': '...' },
          { '': 'e hardcore' },
          { translate: 'command.context.here', color: 'red', italic: 1 },
        ],
      }),
    ]);
    expect(nobody).toEqual([red({ translate: 'argument.entity.notfound.player' })]);
    expect(missing[0]).toEqual(red({ translate: 'command.unknown.command' }));
  });

  test('sendCommandFeedback false hides the success, not the change', async () => {
    const [, quiet, failed] = await runFenced(op, [
      'gamerule sendCommandFeedback false',
      'gamemode survival',
      'gamemode sideways',
      'gamerule sendCommandFeedback true',
    ]);
    expect(quiet).toEqual([]);
    expect(op.bot.game.gameMode).toBe('survival');
    expect(failed[0]).toEqual(red({ translate: 'argument.gamemode.invalid', with: ['sideways'] }));
  });
});

describe('title', () => {
  test('title, subtitle and times reach the bot; feedback names the player', async () => {
    const titles: Array<[unknown, string]> = [];
    const times: number[][] = [];
    op.bot.on('title', (text, type) => {
      titles.push([text, type]);
    });
    const client = op.bot._client as unknown as NodeJS.EventEmitter;
    client.on('set_title_time', (p: { fadeIn: number; stay: number; fadeOut: number }) => {
      times.push([p.fadeIn, p.stay, p.fadeOut]);
    });
    const [t, sub, tm] = await runFenced(op, [
      'title @s title {"text":"Done"}',
      'title Mode subtitle "walls up"',
      'title @s times 10 2s 1',
    ]);
    expect(t).toEqual([{ translate: 'commands.title.show.title.single', with: [displayName('Mode')] }]);
    expect(sub).toEqual([{ translate: 'commands.title.show.subtitle.single', with: [displayName('Mode')] }]);
    expect(tm).toEqual([{ translate: 'commands.title.times.single', with: [displayName('Mode')] }]);
    expect(titles).toEqual([
      ['Done', 'title'],
      ['walls up', 'subtitle'],
    ]);
    expect(times).toEqual([[10, 40, 1]]);
  });

  test('@a is .multiple with the count; actionbar arrives in the action bar; clear and reset', async () => {
    const bars: unknown[] = [];
    const client = op.bot._client as unknown as NodeJS.EventEmitter;
    client.on('action_bar', (p: { text: unknown }) => bars.push(p.text));
    const [all, bar, cleared, reset] = await runFenced(op, [
      'title @a title "hi"',
      'title @s actionbar "busy"',
      'title @a clear',
      'title @s reset',
    ]);
    expect(all).toEqual([{ translate: 'commands.title.show.title.multiple', with: [2] }]);
    expect(bar).toEqual([{ translate: 'commands.title.show.actionbar.single', with: [displayName('Mode')] }]);
    expect(cleared).toEqual([{ translate: 'commands.title.cleared.multiple', with: [2] }]);
    expect(reset).toEqual([{ translate: 'commands.title.reset.single', with: [displayName('Mode')] }]);
    // written before the feedback line, so here by now; a plain literal travels as an NBT string
    expect(bars).toEqual([{ type: 'string', value: 'busy' }]);
  });

  test('bad JSON is argument.component.invalid; an unknown action is command.unknown.argument', async () => {
    const [json, action, nobody] = await runFenced(op, [
      'title @s title {"text":',
      'title @s flash "x"',
      'title Nobody clear',
    ]);
    expect((json[0] as { extra: Array<{ translate: string }> }).extra[0]!.translate).toBe(
      'argument.component.invalid',
    );
    expect(action[0]).toEqual(red({ translate: 'command.unknown.argument' }));
    expect(nobody).toEqual([red({ translate: 'argument.entity.notfound.player' })]);
  });
});

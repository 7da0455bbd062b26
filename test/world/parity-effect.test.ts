/**
 * effect give/clear answer like vanilla 1.21.4 (server/commands/EffectCommands.java) and a real mineflayer
 * bot gets the entity effect packets.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { expectSuccess } from './vanilla-reply.js';

let world: WorldHandle;
let op: TestBot;
let other: TestBot;

const red = (inner: unknown) => ({ text: '', color: 'red', extra: [inner] });
const me = expect.objectContaining({ text: 'Potion', insertion: 'Potion' });
const effect = (name: string) => ({ translate: `effect.minecraft.${name}` });
const NIGHT_VISION = 15;
const SPEED = 0;

beforeAll(async () => {
  world = await startWorld({ ops: ['Potion'] });
  op = await joinBot(world.host, world.port, 'Potion');
  other = await joinBot(world.host, world.port, 'Bystander');
});

afterAll(async () => {
  await other?.quit();
  await op?.quit();
  await world?.stop();
});

describe('effect give', () => {
  test('the bot gets the effect; feedback names effect, player and seconds', async () => {
    const [lines] = await runFenced(op, ['effect give @s minecraft:night_vision 60']);
    expect(lines).toEqual([
      { translate: 'commands.effect.give.success.single', with: [effect('night_vision'), me, { text: 60 }] },
    ]);
    expect(op.bot.entity.effects[NIGHT_VISION]).toMatchObject({
      id: NIGHT_VISION,
      amplifier: 0,
      duration: 1200,
    });
    expectSuccess(lines, 'commands.effect.give.success.single');
  });

  test('a weaker, shorter effect of the same kind changes nothing: commands.effect.give.failed', async () => {
    const [weaker] = await runFenced(op, ['effect give @s night_vision 10']);
    expect(weaker).toEqual([red({ translate: 'commands.effect.give.failed' })]);
  });

  test('default 30 s; amplifier; infinite reports 0 s; several targets are .multiple', async () => {
    const [plain, strong, forever] = await runFenced(op, [
      'effect give @a speed',
      'effect give @s speed 5 2 true',
      'effect give @s minecraft:haste infinite',
    ]);
    expect(plain).toEqual([
      {
        translate: 'commands.effect.give.success.multiple',
        with: [effect('speed'), { text: 2 }, { text: 30 }],
      },
    ]);
    expect(strong).toEqual([
      { translate: 'commands.effect.give.success.single', with: [effect('speed'), me, { text: 5 }] },
    ]);
    expect(forever).toEqual([
      { translate: 'commands.effect.give.success.single', with: [effect('haste'), me, { text: 0 }] },
    ]);
    expect(op.bot.entity.effects[SPEED]).toMatchObject({ amplifier: 2, duration: 100 });
  });

  test('parse errors: unknown effect, amplifier out of range, missing effect', async () => {
    const [unknown, amp, missing] = await runFenced(op, [
      'effect give @s minecraft:flying',
      'effect give @s speed 5 256',
      'effect give @s',
    ]);
    expect(unknown[0]).toEqual(
      red({ translate: 'argument.resource.not_found', with: ['minecraft:flying', 'minecraft:mob_effect'] }),
    );
    expect(unknown).toHaveLength(2);
    expect(amp[0]).toEqual(red({ translate: 'argument.integer.big', with: [255, 256] }));
    expect(missing[0]).toEqual(red({ translate: 'command.unknown.command' }));
  });
});

describe('effect clear', () => {
  test('one effect, then everything; the bot loses them; nothing left is the thrown .failed', async () => {
    const [one, again, all, none] = await runFenced(op, [
      'effect clear @s night_vision',
      'effect clear @s night_vision',
      'effect clear',
      'effect clear @s',
    ]);
    expect(one).toEqual([
      { translate: 'commands.effect.clear.specific.success.single', with: [effect('night_vision'), me] },
    ]);
    expect(again).toEqual([red({ translate: 'commands.effect.clear.specific.failed' })]);
    expect(all).toEqual([{ translate: 'commands.effect.clear.everything.success.single', with: [me] }]);
    expect(none).toEqual([red({ translate: 'commands.effect.clear.everything.failed' })]);
    expect(op.bot.entity.effects).toEqual({});
  });

  test('feedback off hides the success; the other player still has speed', async () => {
    const [, quiet, , multiple] = await runFenced(op, [
      'gamerule sendCommandFeedback false',
      'effect give @s speed 1',
      'gamerule sendCommandFeedback true',
      'effect clear @a speed',
    ]);
    expect(quiet).toEqual([]);
    expect(multiple).toEqual([
      { translate: 'commands.effect.clear.specific.success.multiple', with: [effect('speed'), { text: 2 }] },
    ]);
  });
});

/**
 * give and clear answer like vanilla 1.21.4 (server/commands/GiveCommand.java, ClearInventoryCommands.java)
 * and change the inventory a real mineflayer bot sees.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { expectSuccess } from './vanilla-reply.js';

let world: WorldHandle;
let op: TestBot;
let other: TestBot;

const red = (inner: unknown) => ({ text: '', color: 'red', extra: [inner] });
/** ItemStack.getDisplayName of a stack of one */
const itemName = (key: string, id: string) => ({
  translate: 'chat.square_brackets',
  with: [{ text: '', extra: [{ translate: key }] }],
  color: 'white',
  hoverEvent: { action: 'show_item', contents: { id: `minecraft:${id}`, count: 1 } },
});
const playerName = (name: string) => expect.objectContaining({ text: name, insertion: name });
const count = (t: TestBot, name: string) =>
  t.bot.inventory.items().reduce((n, i) => n + (i.name === name ? i.count : 0), 0);
/** waits for the bot's inventory events until it holds `n` of `name` (bounded: 5 s) */
async function holds(t: TestBot, name: string, n: number): Promise<number> {
  const signal = AbortSignal.timeout(5000);
  while (count(t, name) !== n && !signal.aborted)
    await once(t.bot.inventory as unknown as NodeJS.EventEmitter, 'updateSlot', { signal }).catch(() => {});
  return count(t, name);
}

beforeAll(async () => {
  world = await startWorld({ ops: ['Giver'] });
  op = await joinBot(world.host, world.port, 'Giver');
  other = await joinBot(world.host, world.port, 'Taker');
});

afterAll(async () => {
  await other?.quit();
  await op?.quit();
  await world?.stop();
});

describe('give', () => {
  test('items land in the bot’s inventory; the feedback names count, item and player', async () => {
    const [planks, sword] = await runFenced(op, [
      'give @s minecraft:oak_planks 70',
      'give Giver diamond_sword',
    ]);
    expect(planks).toEqual([
      {
        translate: 'commands.give.success.single',
        with: [{ text: 70 }, itemName('block.minecraft.oak_planks', 'oak_planks'), playerName('Giver')],
      },
    ]);
    expect(sword).toEqual([
      {
        translate: 'commands.give.success.single',
        with: [{ text: 1 }, itemName('item.minecraft.diamond_sword', 'diamond_sword'), playerName('Giver')],
      },
    ]);
    expect(count(op, 'oak_planks')).toBe(70);
    expect(count(op, 'diamond_sword')).toBe(1);
    // the held slot first: the first stack goes into hotbar slot 0 (window slot 36)
    expect(op.bot.inventory.slots[36]).toMatchObject({ name: 'oak_planks', count: 64 });
    expectSuccess(planks, 'commands.give.success.single');
  });

  test('several targets: vanilla’s .single key with the number of players', async () => {
    const [lines] = await runFenced(op, ['give @a minecraft:torch 3']);
    expect(lines).toEqual([
      {
        translate: 'commands.give.success.single',
        with: [{ text: 3 }, itemName('block.minecraft.torch', 'torch'), { text: 2 }],
      },
    ]);
    expect(await holds(other, 'torch', 3)).toBe(3);
  });

  test('failures: unknown item, too many, count 0, nobody', async () => {
    const [unknown, tooMany, zero, nobody] = await runFenced(op, [
      'give @s minecraft:unobtainium',
      'give @s minecraft:diamond_sword 101',
      'give @s stone 0',
      'give Nobody stone',
    ]);
    expect(unknown[0]).toEqual(
      red({ translate: 'argument.item.id.invalid', with: ['minecraft:unobtainium'] }),
    );
    expect(unknown).toHaveLength(2);
    expect(tooMany).toEqual([
      red({
        translate: 'commands.give.failed.toomanyitems',
        with: [{ text: 100 }, itemName('item.minecraft.diamond_sword', 'diamond_sword')],
      }),
    ]);
    expect(zero[0]).toEqual(red({ translate: 'argument.integer.low', with: [1, 0] }));
    expect(nobody).toEqual([red({ translate: 'argument.entity.notfound.player' })]);
    expect(count(op, 'diamond_sword')).toBe(1);
  });
});

describe('clear', () => {
  test('maxCount 0 only counts; a count removes that many; no item clears everything', async () => {
    const [test0, some, all] = await runFenced(op, [
      'clear @s oak_planks 0',
      'clear @s minecraft:oak_planks 20',
      'clear',
    ]);
    expect(test0).toEqual([
      { translate: 'commands.clear.test.single', with: [{ text: 70 }, playerName('Giver')] },
    ]);
    expect(some).toEqual([
      { translate: 'commands.clear.success.single', with: [{ text: 20 }, playerName('Giver')] },
    ]);
    // 50 planks, 1 sword and 3 torches were left
    expect(all).toEqual([
      { translate: 'commands.clear.success.single', with: [{ text: 54 }, playerName('Giver')] },
    ]);
    expect(op.bot.inventory.items()).toEqual([]);
  });

  test('nothing to clear is the thrown clear.failed.single / .multiple (one red line)', async () => {
    const [single, multiple, unknownTag] = await runFenced(op, [
      'clear @s',
      'clear @a stone',
      'clear @s #minecraft:nope',
    ]);
    expect(single).toEqual([red({ translate: 'clear.failed.single', with: ['Giver'] })]);
    expect(multiple).toEqual([red({ translate: 'clear.failed.multiple', with: [2] })]);
    expect(unknownTag[0]).toEqual(red({ translate: 'arguments.item.tag.unknown', with: ['minecraft:nope'] }));
  });

  test('an item tag and * match; feedback off hides the success only', async () => {
    const [, , byTag, , quiet, failed] = await runFenced(op, [
      'give @s oak_planks 2',
      'give @s birch_planks 3',
      'clear @s #minecraft:planks',
      'gamerule sendCommandFeedback false',
      'clear @a *',
      'clear @s',
      'gamerule sendCommandFeedback true',
    ]);
    expect(byTag).toEqual([
      { translate: 'commands.clear.success.single', with: [{ text: 5 }, playerName('Giver')] },
    ]);
    expect(quiet).toEqual([]);
    expect(failed).toEqual([red({ translate: 'clear.failed.single', with: ['Giver'] })]);
    expect(await holds(other, 'torch', 0)).toBe(0);
  });
});

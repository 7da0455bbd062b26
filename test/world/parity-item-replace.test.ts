/**
 * `item replace block|entity` answers like vanilla 1.21.4 (ItemCommands, SlotArgument/SlotRanges,
 * ItemInput.createItemStack; keys from its en_us): the stack lands in the container's block entity or the
 * bot's inventory, every failure has its key, and mcbridge classifies each line by that key.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { expectFailure, expectSuccess } from './vanilla-reply.js';

let world: WorldHandle;
let op: TestBot;
let other: TestBot;
let X: number;
let Y: number;
let Z: number;

const red = (inner: unknown) => ({ text: '', color: 'red', extra: [inner] });
const w = (v: unknown) => (typeof v === 'string' ? { '': v } : typeof v === 'number' ? { text: v } : v);
/** ItemStack.getDisplayName: `[name]` with the stack (id, count) in the show_item hover */
const itemName = (key: string, id: string, count = 1) => ({
  translate: 'chat.square_brackets',
  with: [{ text: '', extra: [{ translate: key }] }],
  color: 'white',
  hoverEvent: { action: 'show_item', contents: { id: `minecraft:${id}`, count } },
});
const playerName = (name: string) => expect.objectContaining({ text: name, insertion: name });
/** waits for the bot's inventory events until window slot `slot` holds `name` (bounded: 5 s) */
async function slotHolds(
  t: TestBot,
  slot: number,
  name: string,
): Promise<{ name: string; count: number } | null> {
  const signal = AbortSignal.timeout(5000);
  while (t.bot.inventory.slots[slot]?.name !== name && !signal.aborted)
    await once(t.bot.inventory as unknown as NodeJS.EventEmitter, 'updateSlot', { signal }).catch(() => {});
  return t.bot.inventory.slots[slot] ?? null;
}

beforeAll(async () => {
  world = await startWorld({ ops: ['Stocker'] });
  op = await joinBot(world.host, world.port, 'Stocker');
  other = await joinBot(world.host, world.port, 'Helper');
  const p = op.bot.entity.position.floored();
  [X, Y, Z] = [p.x + 2, p.y, p.z];
  await runFenced(op, [`setblock ${X} ${Y} ${Z} barrel`]);
});

afterAll(async () => {
  await other?.quit();
  await op?.quit();
  await world?.stop();
});

describe('item replace block', () => {
  test('a stack goes into the barrel: commands.item.block.set.success, and data get shows it', async () => {
    const [set, got] = await runFenced(op, [
      `item replace block ${X} ${Y} ${Z} container.3 with minecraft:stone 5`,
      `data get block ${X} ${Y} ${Z} Items[0].Slot`,
    ]);
    expect(set).toEqual([
      {
        translate: 'commands.item.block.set.success',
        with: [w(X), w(Y), w(Z), itemName('block.minecraft.stone', 'stone', 5)],
      },
    ]);
    expect(JSON.stringify(got)).toContain('{"text":"3","color":"gold"}');
    expectSuccess(set, 'commands.item.block.set.success');
  });

  test('failures: no such slot, not a container, too many items', async () => {
    const [slot, dirt, tooMany] = await runFenced(op, [
      `item replace block ${X} ${Y} ${Z} container.27 with stone`,
      `item replace block ${X} ${Y - 1} ${Z} container.0 with stone`,
      `item replace block ${X} ${Y} ${Z} container.0 with diamond_sword 2`,
    ]);
    // a barrel has 27 slots (0-26)
    expect(slot).toEqual([red({ translate: 'commands.item.target.no_such_slot', with: [27] })]);
    expect(dirt).toEqual([red({ translate: 'commands.item.target.not_a_container', with: [X, Y - 1, Z] })]);
    expect(tooMany).toEqual([
      red({ translate: 'arguments.item.overstacked', with: [w('minecraft:diamond_sword'), w(1)] }),
    ]);
    expectFailure(dirt, 'commands.item.target.not_a_container');
  });

  test('a brewing stand is a container of 5 slots that also keeps BrewTime and Fuel', async () => {
    const at = `${X} ${Y} ${Z + 2}`;
    const [, fuel, tooFar, data] = await runFenced(op, [
      `setblock ${at} brewing_stand`,
      `item replace block ${at} container.4 with minecraft:blaze_powder`,
      `item replace block ${at} container.5 with minecraft:blaze_powder`,
      `data get block ${at} Fuel`,
    ]);
    expect(fuel).toEqual([
      {
        translate: 'commands.item.block.set.success',
        with: [w(X), w(Y), w(Z + 2), itemName('item.minecraft.blaze_powder', 'blaze_powder')],
      },
    ]);
    expect(tooFar).toEqual([red({ translate: 'commands.item.target.no_such_slot', with: [5] })]);
    expect(JSON.stringify(data)).toContain('[{"text":"0","color":"gold"},{"text":"b","color":"red"}]');
  });

  test('parse errors: an unknown slot and a slot range, each with the context line', async () => {
    const [unknown, range] = await runFenced(op, [
      `item replace block ${X} ${Y} ${Z} drawer.1 with stone`,
      `item replace block ${X} ${Y} ${Z} armor.* with stone`,
    ]);
    expect(unknown).toHaveLength(2);
    expect(unknown[0]).toEqual(red({ translate: 'slot.unknown', with: ['drawer.1'] }));
    // SlotArgument fails after reading the word: the rest of the command is the red part
    expect(JSON.stringify(unknown[1])).toContain('{"text":" with stone","color":"red","underlined":1}');
    expect(range[0]).toEqual(red({ translate: 'slot.only_single_allowed', with: ['armor.*'] }));
    expect(range).toHaveLength(2);
  });
});

describe('item replace entity', () => {
  test('a hotbar slot of the bot gets the stack (set_slot); commands.item.entity.set.success.single', async () => {
    const [lines] = await runFenced(op, ['item replace entity @s hotbar.2 with minecraft:torch 7']);
    expect(lines).toEqual([
      {
        translate: 'commands.item.entity.set.success.single',
        with: [playerName('Stocker'), itemName('block.minecraft.torch', 'torch', 7)],
      },
    ]);
    // hotbar.2 is window slot 38 of the player inventory
    expect(await slotHolds(op, 38, 'torch')).toMatchObject({ name: 'torch', count: 7 });
  });

  test('armour slots take only what is worn there: commands.item.target.no_changed.known_item', async () => {
    const [refused, worn] = await runFenced(op, [
      'item replace entity @s armor.chest with stone',
      'item replace entity @s armor.chest with iron_chestplate',
    ]);
    expect(refused).toEqual([
      red({
        translate: 'commands.item.target.no_changed.known_item',
        with: [itemName('block.minecraft.stone', 'stone'), w(102)],
      }),
    ]);
    expect(worn).toHaveLength(1);
    expect(await slotHolds(op, 6, 'iron_chestplate')).toMatchObject({ count: 1 });
  });

  test('from a block slot into both players: .multiple with the count and the item', async () => {
    const [lines] = await runFenced(op, [
      `item replace entity @a weapon.offhand from block ${X} ${Y} ${Z} container.3`,
    ]);
    expect(lines).toEqual([
      {
        translate: 'commands.item.entity.set.success.multiple',
        with: [w(2), itemName('block.minecraft.stone', 'stone', 5)],
      },
    ]);
    expect(await slotHolds(other, 45, 'stone')).toMatchObject({ count: 5 });
  });

  test('an empty source slot empties the target slot; the item is the empty stack `[Air]`', async () => {
    const [lines] = await runFenced(op, [
      `item replace entity @s hotbar.2 from block ${X} ${Y} ${Z} container.20`,
    ]);
    expect(lines).toEqual([
      {
        translate: 'commands.item.entity.set.success.single',
        with: [
          playerName('Stocker'),
          {
            translate: 'chat.square_brackets',
            with: [{ text: '', extra: [{ translate: 'block.minecraft.air' }] }],
          },
        ],
      },
    ]);
    const signal = AbortSignal.timeout(5000);
    while (op.bot.inventory.slots[38] && !signal.aborted)
      await once(op.bot.inventory as unknown as NodeJS.EventEmitter, 'updateSlot', { signal }).catch(
        () => {},
      );
    expect(op.bot.inventory.slots[38]).toBeNull();
  });

  test('a summoned armour stand wears what it is given (entity_equipment), also for a player who comes later', async () => {
    const [, head, chest, boat] = await runFenced(op, [
      `summon armor_stand ${X - 2} ${Y} ${Z + 3}`,
      'item replace entity @e[type=armor_stand,limit=1] armor.head with minecraft:diamond_helmet',
      'item replace entity @e[type=armor_stand,limit=1] armor.chest with minecraft:stone',
      `summon oak_boat ${X - 4} ${Y} ${Z + 3}`,
    ]);
    const stand = Object.values(op.bot.entities).find((e) => e.name === 'armor_stand')!;
    expect(head).toEqual([
      {
        translate: 'commands.item.entity.set.success.single',
        with: [
          expect.objectContaining({ translate: 'entity.minecraft.armor_stand' }),
          itemName('item.minecraft.diamond_helmet', 'diamond_helmet'),
        ],
      },
    ]);
    // LivingEntity's chest slot only takes what is worn there
    expect(chest).toEqual([
      red({
        translate: 'commands.item.target.no_changed.known_item',
        with: [itemName('block.minecraft.stone', 'stone'), w(102)],
      }),
    ]);
    expect(boat).toHaveLength(1);
    // EquipmentSlot HEAD is network slot 5
    expect(stand.equipment[5]?.name).toBe('diamond_helmet');
    // a boat is not a living entity: it has no weapon slot
    const [noSlot] = await runFenced(op, [
      'item replace entity @e[type=oak_boat] weapon.mainhand with stone',
    ]);
    expect(noSlot[0]).toEqual(
      red({
        translate: 'commands.item.target.no_changed.known_item',
        with: [itemName('block.minecraft.stone', 'stone'), w(98)],
      }),
    );
    const late = await joinBot(world.host, world.port, 'Watcher');
    try {
      const seen = Object.values(late.bot.entities).find((e) => e.name === 'armor_stand');
      const signal = AbortSignal.timeout(5000);
      while (seen?.equipment[5]?.name !== 'diamond_helmet' && !signal.aborted)
        await once(late.bot as unknown as NodeJS.EventEmitter, 'entityEquip', { signal }).catch(() => {});
      expect(seen?.equipment[5]?.name).toBe('diamond_helmet');
    } finally {
      await late.quit();
    }
  });

  test('with sendCommandFeedback false the change is silent, a failure is not', async () => {
    const [, hidden, failed, restore] = await runFenced(op, [
      'gamerule sendCommandFeedback false',
      'item replace entity @s hotbar.4 with minecraft:oak_planks 3',
      `item replace block ${X} ${Y} ${Z} container.40 with stone`,
      'gamerule sendCommandFeedback true',
    ]);
    expect(hidden).toEqual([]);
    expect(failed).toEqual([red({ translate: 'commands.item.target.no_such_slot', with: [40] })]);
    expect(restore).toHaveLength(1);
    expect(await slotHolds(op, 40, 'oak_planks')).toMatchObject({ count: 3 });
  });
});

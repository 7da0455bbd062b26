/**
 * Block entities and `data` for blocks, storage and entity modify/remove answer like vanilla 1.21.4
 * (DataCommands, BlockDataAccessor, NbtPathArgument, BlockEntityType and the block entities' saveAdditional;
 * keys from its en_us): chests, barrels and signs have their data, setblock/clone carry it, a sign's text
 * reaches the bot, and each line is classified by mcbridge through its key.
 */
import { once } from 'node:events';
import { Vec3 } from 'vec3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { expectFailure, expectSuccess } from './vanilla-reply.js';

let world: WorldHandle;
let op: TestBot;
/** a free spot two blocks east of the bot, on the ground */
let X: number;
let Y: number;
let Z: number;

const red = (inner: unknown) => ({ text: '', color: 'red', extra: [inner] });
/** a heterogeneous NBT list wraps primitives as {"": v}; prismarine-chat shows a wrapped number as {text: n} */
const w = (v: unknown) => (typeof v === 'string' ? { '': v } : typeof v === 'number' ? { text: v } : v);

// TextComponentTagVisitor's parts: keys aqua, strings green in quotes, numbers gold with a red suffix
const str = (v: string, q = '"') => [q, { text: v, color: 'green' }, q];
const num = (v: number, suffix?: string) => [
  { text: String(v), color: 'gold' },
  ...(suffix ? [{ text: suffix, color: 'red' }] : []),
];
const obj = (entries: Array<[string, unknown[]]>) => [
  '{',
  ...entries.flatMap(([k, v], i) => [...(i > 0 ? [', '] : []), { text: k, color: 'aqua' }, ': ', ...v]),
  '}',
];
const arr = (items: unknown[][]) => ['[', ...items.flatMap((v, i) => [...(i > 0 ? [', '] : []), ...v]), ']'];
/** the `extra` list is a typed NBT list when every part is a string, a list of compounds otherwise */
const pretty = (parts: unknown[]) => ({
  text: '',
  extra: parts.every((p) => typeof p === 'string') ? parts : parts.map(w),
});
/** commands.data.block.query for the block at x y z */
const query = (x: number, y: number, z: number, parts: unknown[]) => ({
  translate: 'commands.data.block.query',
  with: [w(x), w(y), w(z), pretty(parts)],
});
const modified = (x: number, y: number, z: number) => ({
  translate: 'commands.data.block.modified',
  with: [x, y, z],
});
/** a stored stack as ItemStack's codec writes it, keys in HashMap order */
const stack = (slot: number, id: string, count: number) =>
  obj([
    ['count', num(count)],
    ['Slot', num(slot, 'b')],
    ['id', str(`minecraft:${id}`)],
  ]);

beforeAll(async () => {
  world = await startWorld({ ops: ['Chests'] });
  op = await joinBot(world.host, world.port, 'Chests');
  const p = op.bot.entity.position.floored();
  [X, Y, Z] = [p.x + 2, p.y, p.z];
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
});

describe('block entities and data get block', () => {
  test('a new chest has the data saveWithFullMetadata writes; the query is not sent to other ops', async () => {
    const [placed, got] = await runFenced(op, [
      `setblock ${X} ${Y} ${Z} chest`,
      `data get block ${X} ${Y} ${Z}`,
    ]);
    expect(placed).toHaveLength(1);
    // keys in the order vanilla's HashMap prints them
    const parts = obj([
      ['x', num(X)],
      ['y', num(Y)],
      ['Items', ['[]']],
      ['z', num(Z)],
      ['id', str('minecraft:chest')],
    ]);
    expect(got).toEqual([query(X, Y, Z, parts)]);
    expectSuccess(got, 'commands.data.block.query');
  });

  test('setblock with NBT fills the chest (BlockInput.place); a path and a scale read one value', async () => {
    const z = Z + 2;
    const [, items, scaled] = await runFenced(op, [
      `setblock ${X} ${Y} ${z} chest{Items:[{Slot:4b,id:"minecraft:stone",count:3},{Slot:40b,id:"stone"}]}`,
      `data get block ${X} ${Y} ${z} Items`,
      `data get block ${X} ${Y} ${z} Items[0].count 2.5`,
    ]);
    // slot 40 is outside a chest's 27 slots: ContainerHelper.loadAllItems drops it
    expect(items).toEqual([query(X, Y, z, arr([stack(4, 'stone', 3)]))]);
    expect(scaled).toEqual([
      {
        translate: 'commands.data.block.get',
        with: [w('Items[0].count'), w(X), w(Y), w(z), w('2.50'), w(7)],
      },
    ]);
  });

  test('a banner keeps its known pattern layers and shows them to the bot; a skull keeps its owner', async () => {
    const at = `${X} ${Y} ${Z + 16}`;
    const [, , layers, , owner] = await runFenced(op, [
      `setblock ${at} red_banner`,
      `data merge block ${at} {patterns:[{pattern:"stripe_top",color:"blue"},{pattern:"nope",color:"blue"}]}`,
      `data get block ${at} patterns`,
      `setblock ${X} ${Y} ${Z + 18} player_head{profile:"Steve"}`,
      `data get block ${X} ${Y} ${Z + 18} profile`,
    ]);
    // BannerPatternLayers.CODEC: the unknown pattern is dropped, the known one gets its namespace
    expect(layers).toEqual([
      query(
        X,
        Y,
        Z + 16,
        arr([
          obj([
            ['color', str('blue')],
            ['pattern', str('minecraft:stripe_top')],
          ]),
        ]),
      ),
    ]);
    expect(owner).toEqual([query(X, Y, Z + 18, obj([['name', str('Steve')]]))]);
    const banner = op.bot.blockAt(op.bot.entity.position.floored().offset(2, 0, 16)) as unknown as {
      blockEntity?: { patterns?: unknown };
    };
    expect(banner.blockEntity?.patterns).toEqual([{ color: 'blue', pattern: 'minecraft:stripe_top' }]);
  });

  test('a lectern keeps its book and clamps Page to the book’s pages (LecternBlockEntity)', async () => {
    const at = `${X} ${Y} ${Z + 12}`;
    const book =
      '{id:"writable_book",count:1,components:{"minecraft:writable_book_content":{pages:["a","b"]}}}';
    const [, page, , clamped, , empty] = await runFenced(op, [
      `setblock ${at} lectern{Book:${book},Page:1}`,
      `data get block ${at} Page`,
      `data merge block ${at} {Page:7}`,
      `data get block ${at} Page`,
      `data remove block ${at} Book`,
      `data get block ${at} Page`,
    ]);
    expect(page).toEqual([query(X, Y, Z + 12, num(1))]);
    expect(clamped).toEqual([query(X, Y, Z + 12, num(1))]);
    // without a book the lectern saves neither Book nor Page
    expect(empty).toEqual([red({ translate: 'arguments.nbtpath.nothing_found', with: ['Page'] })]);
  });

  test('block positions resolve from the source: execute positioned … run data get block ~ ~ ~', async () => {
    const [lines] = await runFenced(op, [`execute positioned ${X} ${Y} ${Z} run data get block ~ ~ ~ id`]);
    expect(lines).toEqual([query(X, Y, Z, str('minecraft:chest'))]);
  });

  test('a block without a block entity, a path that finds nothing, and a parse error', async () => {
    const [dirt, nothing, parse] = await runFenced(op, [
      `data get block ${X} ${Y - 1} ${Z}`,
      `data get block ${X} ${Y} ${Z} Items[0].id`,
      `data get block ${X} ${Y} ${Z} Items..id`,
    ]);
    expect(dirt).toEqual([red({ translate: 'commands.data.block.invalid' })]);
    expectFailure(dirt, 'commands.data.block.invalid');
    // NbtPath.get quotes the path up to the node that found nothing
    expect(nothing).toEqual([red({ translate: 'arguments.nbtpath.nothing_found', with: ['Items[0]'] })]);
    expect(parse).toHaveLength(2);
    expect(parse[0]).toEqual(red({ translate: 'arguments.nbtpath.node.invalid' }));
    expect(JSON.stringify(parse[1])).toContain('command.context.here');
    expect(JSON.stringify(parse[1])).toContain('{"text":".id","color":"red","underlined":1}');
  });

  test('a new facing keeps the block entity (emptied by setblock), another block drops it', async () => {
    const z = Z + 4;
    const at = `${X} ${Y} ${z}`;
    const [, , turned, kept, emptied, , gone] = await runFenced(op, [
      `setblock ${at} barrel{Items:[{Slot:0b,id:"dirt",count:2}]}`,
      `data merge block ${at} {CustomName:'"Box"'}`,
      `setblock ${at} barrel[facing=up]`,
      `data get block ${at} CustomName`,
      `data get block ${at} Items`,
      `setblock ${at} stone`,
      `data get block ${at}`,
    ]);
    expect(turned).toEqual([{ translate: 'commands.setblock.success', with: [X, Y, z] }]);
    // LevelChunk.setBlockState keeps the block entity of the same block; SetBlockCommand cleared its items
    expect(kept).toEqual([query(X, Y, z, str('"Box"', "'"))]);
    expect(emptied).toEqual([query(X, Y, z, ['[]'])]);
    expect(gone).toEqual([red({ translate: 'commands.data.block.invalid' })]);
  });

  test('setblock and fill with the same chest fail, yet empty it first (Clearable.tryClear)', async () => {
    const at = `${X} ${Y} ${Z + 10}`;
    const [, setAgain, afterSet, , fillAgain, afterFill] = await runFenced(op, [
      `setblock ${at} chest{Items:[{Slot:0b,id:"stone",count:1}]}`,
      `setblock ${at} chest`,
      `data get block ${at} Items`,
      `data merge block ${at} {Items:[{Slot:0b,id:"stone",count:1}]}`,
      `fill ${at} ${at} chest`,
      `data get block ${at} Items`,
    ]);
    expect(setAgain).toEqual([red({ translate: 'commands.setblock.failed' })]);
    expect(afterSet).toEqual([query(X, Y, Z + 10, ['[]'])]);
    expect(fillAgain).toEqual([red({ translate: 'commands.fill.failed' })]);
    expect(afterFill).toEqual([query(X, Y, Z + 10, ['[]'])]);
    // destroy breaks the block first: the same chest comes back as a new block entity (no name), and counts
    const [, destroyed, name] = await runFenced(op, [
      `data merge block ${at} {CustomName:'"Old"'}`,
      `fill ${at} ${at} chest destroy`,
      `data get block ${at} CustomName`,
    ]);
    expect(destroyed).toEqual([{ translate: 'commands.fill.success', with: [1] }]);
    expect(name).toEqual([red({ translate: 'arguments.nbtpath.nothing_found', with: ['CustomName'] })]);
  });

  test('a chest the bot breaks loses its block entity (flying-squid’s own block writes pass the hook)', async () => {
    const at = `${X} ${Y} ${Z + 1}`;
    const [, before] = await runFenced(op, [
      `setblock ${at} chest`,
      `data get block ${at} id`,
      'gamemode creative',
    ]);
    expect(before).toEqual([query(X, Y, Z + 1, str('minecraft:chest'))]);
    const chest = op.bot.blockAt(op.bot.entity.position.floored().offset(2, 0, 1))!;
    expect(chest.name).toBe('chest');
    await op.bot.dig(chest);
    // the dig and the next command race inside the server: ask until the answer changes (bounded)
    let answer: unknown[] = before;
    for (let i = 0; i < 20 && JSON.stringify(answer) === JSON.stringify(before); i++)
      [answer] = await runFenced(op, [`data get block ${at} id`]);
    expect(answer).toEqual([red({ translate: 'commands.data.block.invalid' })]);
    await runFenced(op, ['gamemode survival']);
  });

  test('clone copies the block entity with its block', async () => {
    const [, cloned, copy] = await runFenced(op, [
      `setblock ${X + 1} ${Y} ${Z} trapped_chest{Items:[{Slot:1b,id:"minecraft:torch",count:5}]}`,
      `clone ${X + 1} ${Y} ${Z} ${X + 1} ${Y} ${Z} ${X + 1} ${Y} ${Z + 6}`,
      `data get block ${X + 1} ${Y} ${Z + 6} Items`,
    ]);
    expect(cloned).toEqual([{ translate: 'commands.clone.success', with: [1] }]);
    expect(copy).toEqual([query(X + 1, Y, Z + 6, arr([stack(1, 'torch', 5)]))]);
  });
});

describe('data merge/modify/remove block', () => {
  test('merge, append, insert, set and remove change the chest; unchanged is commands.data.merge.failed', async () => {
    const z = Z + 8;
    const at = `${X} ${Y} ${z}`;
    const lines = await runFenced(op, [
      `setblock ${at} chest`,
      `data merge block ${at} {Items:[{Slot:0b,id:"minecraft:stone",count:1}]}`,
      `data merge block ${at} {Items:[{Slot:0b,id:"minecraft:stone",count:1}]}`,
      `data modify block ${at} Items append value {Slot:2b,id:"minecraft:dirt",count:2}`,
      `data modify block ${at} Items insert 1 value {Slot:1b,id:"minecraft:torch",count:3}`,
      `data modify block ${at} Items[{Slot:2b}].count set value 9`,
      `data remove block ${at} Items[0]`,
      `data get block ${at} Items`,
      `data remove block ${at} Items[5]`,
    ]);
    const [, merged, same, appended, inserted, set, removed, after, none] = lines;
    for (const line of [merged, appended, inserted, set, removed]) expect(line).toEqual([modified(X, Y, z)]);
    expect(same).toEqual([red({ translate: 'commands.data.merge.failed' })]);
    expect(after).toEqual([query(X, Y, z, arr([stack(1, 'torch', 3), stack(2, 'dirt', 9)]))]);
    expect(none).toEqual([red({ translate: 'commands.data.merge.failed' })]);
    expectSuccess(set, 'commands.data.block.modified');
  });

  test('modify failures: not a list, bad index, merge of a non-compound, substring, a block that has none', async () => {
    const at = `${X} ${Y} ${Z}`;
    const [list, index, object, value, substring, invalid] = await runFenced(op, [
      `data modify block ${at} id append value 1`,
      `data modify block ${at} Items insert 5 value {}`,
      `data modify block ${at} Items merge value 1`,
      `data modify block ${at} id set string block ${at} Items`,
      `data modify block ${at} id set string block ${at} id 3 99`,
      `data modify block ${X} ${Y - 1} ${Z} x set value 1`,
    ]);
    expect(list).toEqual([
      red({ translate: 'commands.data.modify.expected_list', with: ['"minecraft:chest"'] }),
    ]);
    expect(index).toEqual([red({ translate: 'commands.data.modify.invalid_index', with: [5] })]);
    expect(object).toEqual([red({ translate: 'commands.data.modify.expected_object', with: ['1'] })]);
    expect(value).toEqual([red({ translate: 'commands.data.modify.expected_value', with: ['[]'] })]);
    expect(substring).toEqual([red({ translate: 'commands.data.modify.invalid_substring', with: [3, 99] })]);
    expect(invalid).toEqual([red({ translate: 'commands.data.block.invalid' })]);
  });

  test('a sign’s text reaches the bot, and a player joining later sees it in the chunk', async () => {
    const at = `${X} ${Y} ${Z - 2}`;
    const [, merged, got] = await runFenced(op, [
      `setblock ${at} oak_sign`,
      `data merge block ${at} {front_text:{messages:['"Hello"','{"text":"room"}','""','""'],color:"red"}}`,
      `data get block ${at} front_text.color`,
    ]);
    expect(merged).toEqual([modified(X, Y, Z - 2)]);
    expect(got).toEqual([query(X, Y, Z - 2, str('red'))]);
    // a line is a JSON text (Gson's lenient parser takes a bare word); written back as vanilla writes it
    const [, back, broken, kept] = await runFenced(op, [
      `data merge block ${at} {back_text:{messages:['back','""','""','""']}}`,
      `data get block ${at} back_text.messages[0]`,
      `data merge block ${at} {back_text:{messages:['{"text":','""','""','""']}}`,
      `data get block ${at} back_text.messages[0]`,
    ]);
    expect(back).toEqual([query(X, Y, Z - 2, str('"back"', "'"))]);
    // an unreadable line leaves the side unchanged, though the merge changed the tag it was given
    expect(broken).toEqual([modified(X, Y, Z - 2)]);
    expect(kept).toEqual([query(X, Y, Z - 2, str('"back"', "'"))]);
    const pos = op.bot.entity.position.floored().offset(2, 0, -2);
    const sign = op.bot.blockAt(pos) as unknown as { signText: string; name: string };
    expect(sign.name).toBe('oak_sign');
    expect(sign.signText).toBe('Hello\nroom\n\n');
    const late = await joinBot(world.host, world.port, 'Late');
    try {
      const seen = late.bot.blockAt(pos) as unknown as { signText: string };
      expect(seen.signText).toBe('Hello\nroom\n\n');
    } finally {
      await late.quit();
    }
  });
});

describe('signs written by hand', () => {
  test('a sign the bot places and writes on takes the text (update_sign), once', async () => {
    const at = `${X - 1} ${Y} ${Z - 2}`;
    await runFenced(op, ['gamemode creative', 'give @s oak_sign']);
    const signal = AbortSignal.timeout(5000);
    while (!op.bot.inventory.items().some((i) => i.name === 'oak_sign') && !signal.aborted)
      await once(op.bot.inventory as unknown as NodeJS.EventEmitter, 'updateSlot', { signal }).catch(
        () => {},
      );
    await op.bot.equip(
      op.bot.inventory.items().find((i) => i.name === 'oak_sign')!,
      'hand',
    );
    const ground = op.bot.blockAt(op.bot.entity.position.floored().offset(1, -1, -2))!;
    const opened = once(op.bot as unknown as NodeJS.EventEmitter, 'signOpen', {
      signal: AbortSignal.timeout(5000),
    });
    await op.bot.placeBlock(ground, new Vec3(0, 1, 0));
    const [sign] = (await opened) as [Parameters<typeof op.bot.updateSign>[0]];
    op.bot.updateSign(sign, 'Hand\n§cmade');
    // the update and the next command race inside the server: ask until the answer changes (bounded)
    let lines: unknown[] = [];
    for (let i = 0; i < 20 && !JSON.stringify(lines).includes('Hand'); i++)
      [lines] = await runFenced(op, [`data get block ${at} front_text.messages`]);
    expect(lines).toEqual([
      query(X - 1, Y, Z - 2, arr([str('"Hand"', "'"), str('"made"', "'"), str('""', "'"), str('""', "'")])),
    ]);
    // the editor is used up: a second update changes nothing, as vanilla clears the allowed editor (the
    // server handles update_sign as it arrives, before the command sent after it)
    op.bot.updateSign(sign, 'Again');
    const [again] = await runFenced(op, [`data get block ${at} front_text.messages[0]`, 'gamemode survival']);
    expect(again).toEqual([query(X - 1, Y, Z - 2, str('"Hand"', "'"))]);
  });
});

describe('data storage and data modify/remove entity', () => {
  test('storage keeps values; string copies a substring from a block, from copies its whole data', async () => {
    const [set, got, copied, x] = await runFenced(op, [
      `data modify storage mcbridge:test name set string block ${X} ${Y} ${Z} id 10`,
      'data get storage mcbridge:test',
      `data modify storage mcbridge:copy whole set from block ${X} ${Y} ${Z}`,
      'data get storage mcbridge:copy whole.x',
    ]);
    expect(copied).toEqual([{ translate: 'commands.data.storage.modified', with: ['mcbridge:copy'] }]);
    expect(x).toEqual([
      { translate: 'commands.data.storage.query', with: [w('mcbridge:copy'), pretty(num(X))] },
    ]);
    expect(set).toEqual([{ translate: 'commands.data.storage.modified', with: ['mcbridge:test'] }]);
    expect(got).toEqual([
      {
        translate: 'commands.data.storage.query',
        with: [w('mcbridge:test'), pretty(obj([['name', str('chest')]]))],
      },
    ]);
  });

  test('an entity’s Tags take append and remove; a player is commands.data.entity.invalid', async () => {
    const [, appended, got, removed, player] = await runFenced(op, [
      `summon armor_stand ${X + 3} ${Y} ${Z} {Tags:["a"]}`,
      'data modify entity @e[type=armor_stand,limit=1] Tags append value "b"',
      'data get entity @e[type=armor_stand,limit=1] Tags',
      'data remove entity @e[type=armor_stand,limit=1] Tags[0]',
      'data modify entity @s Tags append value "x"',
    ]);
    expect(appended).toEqual([expect.objectContaining({ translate: 'commands.data.entity.modified' })]);
    expect(JSON.stringify(got)).toContain('{"text":"b","color":"green"}');
    expect(removed).toEqual([expect.objectContaining({ translate: 'commands.data.entity.modified' })]);
    expect(player).toEqual([red({ translate: 'commands.data.entity.invalid' })]);
  });

  test('with sendCommandFeedback false a change is silent, a failure is not', async () => {
    const [, hidden, failed, restore] = await runFenced(op, [
      'gamerule sendCommandFeedback false',
      `data modify block ${X} ${Y} ${Z} Items append value {Slot:9b,id:"minecraft:stone",count:1}`,
      `data get block ${X} ${Y - 1} ${Z}`,
      'gamerule sendCommandFeedback true',
    ]);
    expect(hidden).toEqual([]);
    expect(failed).toEqual([red({ translate: 'commands.data.block.invalid' })]);
    expect(restore).toHaveLength(1);
    const [after] = await runFenced(op, [`data get block ${X} ${Y} ${Z} Items[0].Slot`]);
    expect(after).toEqual([query(X, Y, Z, num(9, 'b'))]);
  });
});

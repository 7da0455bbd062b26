/**
 * The embedded world answers like vanilla 1.21.4 for the commands room building uses: exact component
 * shapes as a real mineflayer bot receives them, and the block states the bot then sees.
 */
import { Vec3 } from 'vec3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';

let world: WorldHandle;
let op: TestBot;
let base: Vec3;

const red = (inner: unknown) => ({ text: '', color: 'red', extra: [inner] });
/** vanilla's second line of a parse error; list entries arrive `{"": …}`-wrapped (heterogeneous NBT list) */
const context = (command: string, before: string[], rest: string | undefined) =>
  red({
    text: '',
    color: 'gray',
    clickEvent: { action: 'suggest_command', value: `/${command}` },
    extra: [
      ...before.map((t) => ({ '': t })),
      ...(rest === undefined ? [] : [{ text: rest, color: 'red', underlined: 1 }]),
      { translate: 'command.context.here', color: 'red', italic: 1 },
    ],
  });

beforeAll(async () => {
  world = await startWorld({ ops: ['Parity'] });
  op = await joinBot(world.host, world.port, 'Parity');
  // a clear area next to the bot, on the superflat ground (grass at y -61, the bot stands at -60)
  base = op.bot.entity.position.floored().offset(2, 0, 2);
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
});

const at = (dx: number, dy: number, dz: number) => base.offset(dx, dy, dz);
const coords = (v: Vec3) => `${v.x} ${v.y} ${v.z}`;
const blockAt = (v: Vec3) => op.bot.blockAt(v);

describe('setblock', () => {
  test('success is a bare commands.setblock.success with the position; the bot sees the block and its states', async () => {
    const p = at(0, 0, 0);
    const [lines] = await runFenced(op, [`setblock ${coords(p)} minecraft:oak_door[facing=east,half=lower]`]);
    expect(lines).toEqual([{ translate: 'commands.setblock.success', with: [p.x, p.y, p.z] }]);
    expect(blockAt(p)?.name).toBe('oak_door');
    expect(blockAt(p)?.getProperties()).toMatchObject({ facing: 'east', half: 'lower', open: false });
  });

  test('the same block again is commands.setblock.failed, wrapped red, without a context line', async () => {
    const p = at(0, 0, 0);
    const [lines] = await runFenced(op, [`setblock ${coords(p)} oak_door[facing=east,half=lower]`]);
    expect(lines).toEqual([red({ translate: 'commands.setblock.failed' })]);
  });

  test('keep refuses an occupied position; destroy replaces it', async () => {
    const p = at(1, 0, 0);
    const [placed, kept, destroyed] = await runFenced(op, [
      `setblock ${coords(p)} stone`,
      `setblock ${coords(p)} dirt keep`,
      `setblock ${coords(p)} glass destroy`,
    ]);
    expect(placed).toEqual([{ translate: 'commands.setblock.success', with: [p.x, p.y, p.z] }]);
    expect(kept).toEqual([red({ translate: 'commands.setblock.failed' })]);
    expect(destroyed).toEqual([{ translate: 'commands.setblock.success', with: [p.x, p.y, p.z] }]);
    expect(blockAt(p)?.name).toBe('glass');
  });

  test('an unknown block is two red lines: argument.block.id.invalid and the context line', async () => {
    const command = 'setblock 1 5 1 notablock';
    const [lines] = await runFenced(op, [command]);
    expect(lines).toEqual([
      red({ translate: 'argument.block.id.invalid', with: ['notablock'] }),
      context(command, ['...', 'ock 1 5 1 '], 'notablock'),
    ]);
  });

  test('an unknown block state property names block and property', async () => {
    const [lines] = await runFenced(op, ['setblock 1 5 1 stone[facing=north]']);
    expect(lines[0]).toEqual(
      red({ translate: 'argument.block.property.unknown', with: ['minecraft:stone', 'facing'] }),
    );
  });

  test('an incomplete position is argument.pos3d.incomplete pointing at the position', async () => {
    const command = 'setblock 1 2';
    const [lines] = await runFenced(op, [command]);
    expect(lines).toEqual([
      red({ translate: 'argument.pos3d.incomplete' }),
      context(command, ['setblock '], '1 2'),
    ]);
  });

  test('a missing block is command.unknown.command at the end of the input', async () => {
    const command = `setblock ${coords(at(0, 0, 0))}`;
    const [lines] = await runFenced(op, [command]);
    expect(lines[0]).toEqual(red({ translate: 'command.unknown.command' }));
    expect(lines).toHaveLength(2);
  });

  test('trailing words are command.unknown.argument', async () => {
    const [lines] = await runFenced(op, [`setblock ${coords(at(0, 3, 0))} stone sideways`]);
    expect(lines[0]).toEqual(red({ translate: 'command.unknown.argument' }));
  });

  test('relative (~) and local (^) coordinates resolve from the player', async () => {
    const feet = op.bot.entity.position.floored();
    const [rel] = await runFenced(op, ['setblock ~1 ~2 ~ minecraft:gold_block']);
    expect(rel).toEqual([{ translate: 'commands.setblock.success', with: [feet.x + 1, feet.y + 2, feet.z] }]);
    expect(blockAt(feet.offset(1, 2, 0))?.name).toBe('gold_block');
    // facing south (yaw 0): ^ ^ ^2 is two blocks towards +z
    await op.bot.look(0, 0, true);
    await new Promise((r) => setTimeout(r, 200));
    const [local] = await runFenced(op, ['setblock ^ ^3 ^2 minecraft:diamond_block']);
    expect(local).toHaveLength(1);
    const placed = (local[0] as { with: number[] }).with;
    expect(blockAt(new Vec3(placed[0]!, placed[1]!, placed[2]!))?.name).toBe('diamond_block');
    expect(placed[1]).toBe(feet.y + 3);
  });

  test('a position far outside the loaded area is argument.pos.unloaded', async () => {
    const [lines] = await runFenced(op, ['setblock 100000 5 100000 stone']);
    expect(lines).toEqual([red({ translate: 'argument.pos.unloaded' })]);
  });
});

describe('fill', () => {
  test('success counts changed blocks; every block is there for the bot', async () => {
    const a = at(4, 0, 0);
    const b = at(6, 2, 2);
    const [lines] = await runFenced(op, [`fill ${coords(a)} ${coords(b)} minecraft:oak_planks`]);
    expect(lines).toEqual([{ translate: 'commands.fill.success', with: [27] }]);
    for (let x = a.x; x <= b.x; x++)
      for (let y = a.y; y <= b.y; y++) expect(blockAt(new Vec3(x, y, a.z))?.name).toBe('oak_planks');
  });

  test('nothing to change is commands.fill.failed (No blocks were filled), wrapped red', async () => {
    const [lines] = await runFenced(op, [`fill ${coords(at(4, 0, 0))} ${coords(at(6, 2, 2))} oak_planks`]);
    expect(lines).toEqual([red({ translate: 'commands.fill.failed' })]);
  });

  test('hollow leaves air inside; outline leaves the inside alone; replace with a filter touches only matches', async () => {
    const a = at(8, 0, 0);
    const b = at(10, 2, 2);
    const [filled, hollow] = await runFenced(op, [
      `fill ${coords(a)} ${coords(b)} stone`,
      `fill ${coords(a)} ${coords(b)} bricks hollow`,
    ]);
    expect(filled).toEqual([{ translate: 'commands.fill.success', with: [27] }]);
    expect(hollow).toEqual([{ translate: 'commands.fill.success', with: [27] }]);
    expect(blockAt(at(9, 1, 1))?.name).toBe('air');
    expect(blockAt(at(8, 1, 1))?.name).toBe('bricks');
    const [outline, replaced] = await runFenced(op, [
      `fill ${coords(a)} ${coords(b)} glass outline`,
      `fill ${coords(a)} ${coords(b)} white_wool replace glass`,
    ]);
    expect(outline).toEqual([{ translate: 'commands.fill.success', with: [26] }]);
    expect(blockAt(at(9, 1, 1))?.name).toBe('air');
    expect(replaced).toEqual([{ translate: 'commands.fill.success', with: [26] }]);
    expect(blockAt(at(10, 2, 2))?.name).toBe('white_wool');
  });

  test('keep fills only air', async () => {
    const [lines] = await runFenced(op, [
      `fill ${coords(at(8, 0, 0))} ${coords(at(10, 2, 2))} sea_lantern keep`,
    ]);
    expect(lines).toEqual([{ translate: 'commands.fill.success', with: [1] }]);
    expect(blockAt(at(9, 1, 1))?.name).toBe('sea_lantern');
  });

  test('over commandModificationBlockLimit is commands.fill.toobig with limit and volume', async () => {
    const [lines] = await runFenced(op, ['fill 0 5 0 40 25 40 stone']);
    expect(lines).toEqual([red({ translate: 'commands.fill.toobig', with: [32768, 41 * 21 * 41] })]);
  });

  test('the limit follows the gamerule', async () => {
    const [set, tooBig, reset] = await runFenced(op, [
      'gamerule commandModificationBlockLimit 8',
      `fill ${coords(at(0, 5, 0))} ${coords(at(2, 5, 2))} stone`,
      'gamerule commandModificationBlockLimit 32768',
    ]);
    expect(set).toEqual([
      { translate: 'commands.gamerule.set', with: ['commandModificationBlockLimit', '8'] },
    ]);
    expect(tooBig).toEqual([red({ translate: 'commands.fill.toobig', with: [8, 9] })]);
    expect(reset).toHaveLength(1);
  });
});

describe('clone', () => {
  test('success, nothing changed, overlap and too big', async () => {
    const a = at(4, 0, 0);
    const b = at(6, 2, 2);
    const dest = at(4, 0, 6);
    const [ok, again, overlap, tooBig] = await runFenced(op, [
      `clone ${coords(a)} ${coords(b)} ${coords(dest)}`,
      `clone ${coords(a)} ${coords(b)} ${coords(dest)}`,
      `clone ${coords(a)} ${coords(b)} ${coords(at(5, 0, 0))}`,
      'clone 0 5 0 40 25 40 0 30 0',
    ]);
    expect(ok).toEqual([{ translate: 'commands.clone.success', with: [27] }]);
    expect(blockAt(dest.offset(2, 2, 2))?.name).toBe('oak_planks');
    expect(again).toEqual([red({ translate: 'commands.clone.failed' })]);
    expect(overlap).toEqual([red({ translate: 'commands.clone.overlap' })]);
    expect(tooBig).toEqual([red({ translate: 'commands.clone.toobig', with: [32768, 41 * 21 * 41] })]);
  });
});

describe('tellraw, gamerule and unknown commands', () => {
  test('tellraw delivers the component unchanged, with no feedback line', async () => {
    const component = { translate: 'mcbridge.fence', with: ['42'] };
    const [lines] = await runFenced(op, [`tellraw @s ${JSON.stringify(component)}`]);
    expect(lines).toEqual([component]);
  });

  test('tellraw decodes as vanilla: a list is its first element with the rest as siblings; a plain literal is a string', async () => {
    // network/chat/ComponentSerialization.createFromList and Component.tryCollapseToString (1.21.4)
    const packets: Array<{ content: unknown }> = [];
    const onPacket = (p: { content: unknown }) => packets.push(p);
    const client = op.bot._client as unknown as NodeJS.EventEmitter;
    client.on('system_chat', onPacket);
    const [list, , nested] = await runFenced(op, [
      'tellraw @s ["a ",{"text":"b","bold":true},{"translate":"commands.setblock.success","with":[1,2,3]}]',
      'tellraw @s {"text":"hi"}',
      'tellraw @s {"text":"x","extra":[["y",{"text":"z","color":"red"}]]}',
    ]);
    client.off('system_chat', onPacket);
    expect(list).toEqual([
      {
        text: 'a ',
        extra: [
          { text: 'b', bold: 1 },
          { translate: 'commands.setblock.success', with: [1, 2, 3] },
        ],
      },
    ]);
    // the plain literal travels as a bare string tag (packets: line, fence, line, fence, …)
    expect(packets[2]!.content).toMatchObject({ type: 'string', value: 'hi' });
    expect(nested).toEqual([{ text: 'x', extra: [{ text: 'y', extra: [{ text: 'z', color: 'red' }] }] }]);
  });

  test('tellraw with malformed JSON is argument.component.invalid', async () => {
    const [lines] = await runFenced(op, ['tellraw @s {"text":']);
    expect((lines[0] as { extra: Array<{ translate: string }> }).extra[0]?.translate).toBe(
      'argument.component.invalid',
    );
  });

  test('gamerule query and set use vanilla keys; a bad value is parsing.bool.invalid', async () => {
    const [query, bad] = await runFenced(op, [
      'gamerule sendCommandFeedback',
      'gamerule sendCommandFeedback maybe',
    ]);
    expect(query).toEqual([{ translate: 'commands.gamerule.query', with: ['sendCommandFeedback', 'true'] }]);
    expect(bad[0]).toEqual(red({ translate: 'parsing.bool.invalid', with: ['maybe'] }));
  });

  test('sendCommandFeedback=false silences successes but never failures', async () => {
    const p = at(0, 4, 0);
    const [off, success, failure, on] = await runFenced(op, [
      'gamerule sendCommandFeedback false',
      `setblock ${coords(p)} stone`,
      `setblock ${coords(p)} stone`,
      'gamerule sendCommandFeedback true',
    ]);
    expect(off).toEqual([]);
    expect(success).toEqual([]);
    expect(blockAt(p)?.name).toBe('stone');
    expect(failure).toEqual([red({ translate: 'commands.setblock.failed' })]);
    expect(on).toEqual([{ translate: 'commands.gamerule.set', with: ['sendCommandFeedback', 'true'] }]);
  });

  test('an unknown command is command.unknown.command with the whole input marked', async () => {
    const command = 'notacommand with args';
    const [lines] = await runFenced(op, [command]);
    expect(lines).toEqual([red({ translate: 'command.unknown.command' }), context(command, [''], command)]);
  });
});

describe('ordering', () => {
  test('200 pipelined commands: each command’s feedback arrives before the next command’s', async () => {
    const commands = Array.from({ length: 200 }, (_, i) =>
      i % 3 === 2
        ? `setblock ${i} 5`
        : `setblock ${coords(at(i % 10, 8 + (i % 2), 4))} ${i % 2 ? 'stone' : 'dirt'}`,
    );
    const perCommand = await runFenced(op, commands);
    expect(perCommand).toHaveLength(200);
    perCommand.forEach((lines, i) => {
      if (i % 3 === 2)
        expect((lines[0] as { extra: Array<{ translate: string }> }).extra[0]?.translate).toBe(
          'argument.pos3d.incomplete',
        );
      else expect(lines.length).toBe(1);
    });
  });
});

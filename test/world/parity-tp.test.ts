/**
 * teleport/tp answer like vanilla 1.21.4 (TeleportCommand; keys from its en_us) and really move the bot
 * and summoned entities as a mineflayer client sees them.
 */
import type { Entity } from 'prismarine-entity';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatFixed } from '../../src/world/parity/java-format.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { parseError, red } from '../helpers/vanilla-lines.js';

let world: WorldHandle;
let op: TestBot;

/**
 * Arguments of a translation with mixed kinds travel as a heterogeneous NBT list: primitives are wrapped
 * `{"": value}` (vanilla's NbtOps does the same); prismarine-chat shows a wrapped number as `{text: n}`.
 */
const f = (n: number) => ({ '': formatFixed(n) });
const s = (text: string) => ({ '': text });
const count = (n: number) => ({ text: n });

/** Player.getDisplayName() as the bot receives it (prismarine-chat shows the UUID ints as undashed hex) */
function playerName(name: string) {
  const uuid = (op.bot._client as unknown as { uuid: string }).uuid.replace(/-/g, '');
  return {
    text: name,
    insertion: name,
    clickEvent: { action: 'suggest_command', value: `/tell ${name} ` },
    hoverEvent: { action: 'show_entity', contents: { type: 'minecraft:player', id: uuid, name } },
  };
}

function entityName(e: Entity) {
  const uuid = (e as Entity & { uuid: string }).uuid;
  const name = { translate: `entity.minecraft.${e.name}` };
  return {
    ...name,
    insertion: uuid,
    hoverEvent: {
      action: 'show_entity',
      contents: { type: `minecraft:${e.name}`, id: uuid.replace(/-/g, ''), name },
    },
  };
}

beforeAll(async () => {
  world = await startWorld({ ops: ['Tp'] });
  op = await joinBot(world.host, world.port, 'Tp');
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
});

describe('teleport the sender', () => {
  test('relative coordinates: location.single with %f coordinates; the bot is moved on its client', async () => {
    const from = op.bot.entity.position.clone();
    const [lines] = await runFenced(op, ['tp ~3 ~ ~-2']);
    expect(lines).toEqual([
      {
        translate: 'commands.teleport.success.location.single',
        with: [playerName('Tp'), f(from.x + 3), f(from.y), f(from.z - 2)],
      },
    ]);
    expect(op.bot.entity.position.x).toBeCloseTo(from.x + 3, 6);
    expect(op.bot.entity.position.z).toBeCloseTo(from.z - 2, 6);
  });

  test('absolute integer x/z land on block centres; teleport is the same command', async () => {
    const y = Math.floor(op.bot.entity.position.y);
    const [lines] = await runFenced(op, [`teleport 20 ${y} 20`]);
    expect(lines).toEqual([
      {
        translate: 'commands.teleport.success.location.single',
        with: [playerName('Tp'), s('20.500000'), f(y), s('20.500000')],
      },
    ]);
    expect(op.bot.entity.position).toMatchObject({ x: 20.5, y, z: 20.5 });
  });

  test('coordinates are Java’s %f: HALF_UP on the shortest digits and -0.0 keeps its sign (was toFixed)', async () => {
    const [lines] = await runFenced(op, ['tp @s 5.0000005 -60 -0.0']);
    expect(lines).toEqual([
      {
        translate: 'commands.teleport.success.location.single',
        with: [playerName('Tp'), s('5.000001'), s('-60.000000'), s('-0.000000')],
      },
    ]);
  });

  test('targets with a rotation turn the bot; facing a position turns it towards the point', async () => {
    const [rotated] = await runFenced(op, ['tp @s ~ ~ ~ 90 0']);
    expect(rotated).toHaveLength(1);
    // mineflayer: yaw 90 (west) is π/2 radians in its convention (π − 90°)
    expect(op.bot.entity.yaw).toBeCloseTo(Math.PI / 2, 4);
    const [faced] = await runFenced(op, ['tp @s ~ ~ ~ facing ~ ~ ~5']);
    expect(faced).toHaveLength(1);
    // looking south (+z) is yaw 0 in vanilla, π in mineflayer's convention
    expect(op.bot.entity.yaw).toBeCloseTo(Math.PI, 4);
  });
});

describe('entities', () => {
  test('tp an entity to coordinates (the bot sees it move) and the sender to the entity', async () => {
    await runFenced(op, ['summon minecraft:armor_stand ~2 ~ ~']);
    const stand = Object.values(op.bot.entities).find((e) => e.name === 'armor_stand')!;
    const start = stand.position.clone();
    const me = op.bot.entity.position.clone();
    const [moved, to] = await runFenced(op, [
      'tp @e[type=armor_stand] ~ ~ ~4',
      'tp @e[type=minecraft:armor_stand,limit=1]',
    ]);
    expect(moved).toEqual([
      {
        translate: 'commands.teleport.success.location.single',
        with: [entityName(stand), f(me.x), f(me.y), f(me.z + 4)],
      },
    ]);
    expect(stand.position.z).not.toBeCloseTo(start.z, 3);
    expect(to).toEqual([
      { translate: 'commands.teleport.success.entity.single', with: [playerName('Tp'), entityName(stand)] },
    ]);
    expect(op.bot.entity.position.z).toBeCloseTo(stand.position.z, 4);
  });

  test('several targets: location.multiple with the count', async () => {
    await runFenced(op, ['summon minecraft:armor_stand ~ ~ ~3']);
    const [lines] = await runFenced(op, ['tp @e[type=armor_stand] 5 -60 5']);
    expect(lines).toEqual([
      {
        translate: 'commands.teleport.success.location.multiple',
        with: [count(2), s('5.500000'), s('-60.000000'), s('5.500000')],
      },
    ]);
  });
});

describe('failures', () => {
  test('no such entity: argument.entity.notfound.entity, one red line', async () => {
    const [lines] = await runFenced(op, ['tp Nobody']);
    expect(lines).toEqual([red({ translate: 'argument.entity.notfound.entity' })]);
  });

  test('outside the spawnable bounds: commands.teleport.invalidPosition', async () => {
    const [lines] = await runFenced(op, ['tp @s 0 -30000000 0']);
    expect(lines).toEqual([red({ translate: 'commands.teleport.invalidPosition' })]);
  });

  test('parse errors follow Brigadier: several failing branches are command.unknown.argument, targets alone is incomplete', async () => {
    const [twoParts, alone, bare] = await runFenced(op, ['tp ~ ~', 'tp @e', 'tp']);
    expect(twoParts).toEqual(parseError('tp ~ ~', 'command.unknown.argument', 3));
    expect(alone).toEqual(parseError('tp @e', 'command.unknown.command', 5));
    expect(bare).toEqual(parseError('tp', 'command.unknown.command', 2));
  });

  test('with sendCommandFeedback false the success is hidden, the failure is not', async () => {
    const [, ok, bad, restore] = await runFenced(op, [
      'gamerule sendCommandFeedback false',
      'tp ~ ~ ~',
      'tp Nobody',
      'gamerule sendCommandFeedback true',
    ]);
    expect(ok).toEqual([]);
    expect(bad).toEqual([red({ translate: 'argument.entity.notfound.entity' })]);
    expect(restore).toHaveLength(1);
  });
});

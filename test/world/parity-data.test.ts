/**
 * data get/merge answer like vanilla 1.21.4 (DataCommands, EntityDataAccessor, BlockDataAccessor; keys from
 * its en_us): pretty SNBT in queries, scaled values, merges that change the entity, and the failures.
 */
import type { Entity } from 'prismarine-entity';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';

let world: WorldHandle;
let op: TestBot;
let stand: Entity;
const STAND = '@e[type=armor_stand,limit=1]';

const red = (inner: unknown) => ({ text: '', color: 'red', extra: [inner] });
/** a heterogeneous NBT list wraps primitives as {"": v}; prismarine-chat shows a wrapped number as {text: n} */
const w = (v: unknown) => (typeof v === 'string' ? { '': v } : typeof v === 'number' ? { text: v } : v);

function display(e: Entity) {
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

/** TextComponentTagVisitor output for a list of strings */
const prettyStrings = (items: string[]) => ({
  text: '',
  extra: [
    '[',
    ...items.flatMap((s, i) => [...(i > 0 ? [', '] : []), '"', { text: s, color: 'green' }, '"']),
    ']',
  ].map(w),
});

beforeAll(async () => {
  world = await startWorld({ ops: ['Data'] });
  op = await joinBot(world.host, world.port, 'Data');
  await runFenced(op, ['summon armor_stand ~2 ~ ~ {Tags:["a"]}']);
  stand = Object.values(op.bot.entities).find((e) => e.name === 'armor_stand')!;
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
});

describe('data get entity', () => {
  test('a path prints the value as coloured SNBT in commands.data.entity.query', async () => {
    const [lines] = await runFenced(op, [`data get entity ${STAND} Tags`]);
    expect(lines).toEqual([
      { translate: 'commands.data.entity.query', with: [display(stand), prettyStrings(['a'])] },
    ]);
  });

  test('a path with a scale is commands.data.entity.get with the floored scaled value', async () => {
    const y = stand.position.y;
    const [lines] = await runFenced(op, [`data get entity ${STAND} Pos[1] 10`]);
    expect(lines).toEqual([
      {
        translate: 'commands.data.entity.get',
        with: [w('Pos[1]'), display(stand), w('10.00'), w(Math.floor(y * 10))],
      },
    ]);
  });

  test('failures: nothing found, not a number, a block without block entity', async () => {
    const [missing, notNumber, block] = await runFenced(op, [
      'data get entity @s Nope',
      'data get entity @s Pos 1',
      'data get block ~ ~-1 ~',
    ]);
    expect(missing).toEqual([red({ translate: 'arguments.nbtpath.nothing_found', with: ['Nope'] })]);
    expect(notNumber).toEqual([red({ translate: 'commands.data.get.invalid', with: ['Pos'] })]);
    expect(block).toEqual([red({ translate: 'commands.data.block.invalid' })]);
  });
});

describe('data merge entity', () => {
  test('a change is commands.data.entity.modified and shows in the next get; the same merge again fails', async () => {
    const [merged, after, again] = await runFenced(op, [
      `data merge entity ${STAND} {Tags:["b","c"]}`,
      `data get entity ${STAND} Tags`,
      `data merge entity ${STAND} {Tags:["b","c"]}`,
    ]);
    expect(merged).toEqual([{ translate: 'commands.data.entity.modified', with: [display(stand)] }]);
    expect(after).toEqual([
      { translate: 'commands.data.entity.query', with: [display(stand), prettyStrings(['b', 'c'])] },
    ]);
    expect(again).toEqual([red({ translate: 'commands.data.merge.failed' })]);
  });

  test('Pos moves the entity for the bot; players cannot be modified', async () => {
    const x = Math.floor(stand.position.x);
    const [moved, player] = await runFenced(op, [
      `data merge entity ${STAND} {Pos:[${x + 0.5}d,${stand.position.y}d,${stand.position.z + 3}d]}`,
      'data merge entity @s {Tags:["x"]}',
    ]);
    expect(moved).toHaveLength(1);
    expect(stand.position.x).toBeCloseTo(x + 0.5, 4);
    expect(player).toEqual([red({ translate: 'commands.data.entity.invalid' })]);
  });

  test('a merged CustomName reaches the client as entity data and names the entity in feedback', async () => {
    const [named] = await runFenced(op, [`data merge entity ${STAND} {CustomName:'"Post"'}`]);
    const uuid = (stand as Entity & { uuid: string }).uuid;
    expect(named).toEqual([
      {
        translate: 'commands.data.entity.modified',
        with: [
          {
            text: 'Post',
            insertion: uuid,
            hoverEvent: {
              action: 'show_entity',
              contents: { type: 'minecraft:armor_stand', id: uuid.replace(/-/g, ''), name: 'Post' },
            },
          },
        ],
      },
    ]);
    expect(JSON.stringify(stand.metadata[2])).toContain('Post');
  });

  test('with sendCommandFeedback false the query is hidden, a failure is not', async () => {
    const [, hidden, failed, restore] = await runFenced(op, [
      'gamerule sendCommandFeedback false',
      `data get entity ${STAND} Tags`,
      'data get entity @s Nope',
      'gamerule sendCommandFeedback true',
    ]);
    expect(hidden).toEqual([]);
    expect(failed).toEqual([red({ translate: 'arguments.nbtpath.nothing_found', with: ['Nope'] })]);
    expect(restore).toHaveLength(1);
  });
});

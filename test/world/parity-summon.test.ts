/**
 * summon and kill answer like vanilla 1.21.4 (SummonCommand, KillCommand; keys from its en_us), the
 * entities exist for a real mineflayer bot, selectors find them and kill removes them.
 */
import type { Entity } from 'prismarine-entity';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';

let world: WorldHandle;
let op: TestBot;

const red = (inner: unknown) => ({ text: '', color: 'red', extra: [inner] });

/**
 * The hover's id goes out as UUIDUtil's four ints; prismarine-chat (mineflayer) turns that int list back
 * into the undashed hex form when it converts the NBT message, so this is what the bot sees.
 */
const uuidAsSeen = (uuid: string) => uuid.replace(/-/g, '');

/** Entity.getDisplayName() of a summoned entity as the bot receives it */
function display(e: Entity, name: unknown) {
  const uuid = (e as Entity & { uuid: string }).uuid;
  const base = typeof name === 'string' ? { text: name } : (name as object);
  return {
    ...base,
    insertion: uuid,
    hoverEvent: {
      action: 'show_entity',
      contents: { type: `minecraft:${e.name}`, id: uuidAsSeen(uuid), name },
    },
  };
}

const entitiesNamed = (type: string) => Object.values(op.bot.entities).filter((e) => e.name === type);

beforeAll(async () => {
  world = await startWorld({ ops: ['Summoner'] });
  op = await joinBot(world.host, world.port, 'Summoner');
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
});

describe('summon', () => {
  test('success names the new entity (translatable type name with its show_entity hover); the bot sees it there', async () => {
    const feet = op.bot.entity.position;
    const [lines] = await runFenced(op, ['summon minecraft:armor_stand ~2 ~ ~']);
    const [stand] = entitiesNamed('armor_stand');
    expect(stand).toBeDefined();
    expect(stand!.position.x).toBeCloseTo(feet.x + 2, 5);
    expect(stand!.position.y).toBeCloseTo(feet.y, 5);
    expect(lines).toEqual([
      {
        translate: 'commands.summon.success',
        with: [display(stand!, { translate: 'entity.minecraft.armor_stand' })],
      },
    ]);
  });

  test('integer x/z are centred on the block (Vec3Argument), y is not; CustomName becomes the display name', async () => {
    const feet = op.bot.entity.position.floored();
    const [lines] = await runFenced(op, [
      `summon cat ${feet.x} ${feet.y} ${feet.z + 3} {CustomName:'"Tom"',Tags:["pet"],NoAI:1b}`,
    ]);
    const [cat] = entitiesNamed('cat');
    expect(cat!.position).toMatchObject({ x: feet.x + 0.5, y: feet.y, z: feet.z + 3.5 });
    expect(lines).toEqual([{ translate: 'commands.summon.success', with: [display(cat!, 'Tom')] }]);
  });

  test('CustomName and Invisible reach the client as entity data (custom_name, shared flags)', async () => {
    await runFenced(op, [`summon armor_stand ~ ~ ~-3 {CustomName:'"Sign"',Invisible:1b,Tags:["shown"]}`]);
    const stand = entitiesNamed('armor_stand').find((e) => e.metadata[2] !== undefined);
    expect(stand).toBeDefined();
    expect(JSON.stringify(stand!.metadata[2])).toContain('Sign');
    expect(Number(stand!.metadata[0]) & 0x20).toBe(0x20);
    await runFenced(op, ['kill @e[tag=shown]']);
  });

  test('an unknown type is argument.resource.not_found with the context line', async () => {
    const command = 'summon minecraft:nope';
    const [lines] = await runFenced(op, [command]);
    expect(lines[0]).toEqual(
      red({ translate: 'argument.resource.not_found', with: ['minecraft:nope', 'minecraft:entity_type'] }),
    );
    expect(lines).toHaveLength(2);
  });

  test('a player cannot be summoned: entity.not_summonable, one red line', async () => {
    const [lines] = await runFenced(op, ['summon minecraft:player']);
    expect(lines).toEqual([red({ translate: 'entity.not_summonable', with: ['minecraft:player'] })]);
  });

  test('an incomplete position is argument.pos3d.incomplete; bad NBT is a TagParser error', async () => {
    const [pos, nbt] = await runFenced(op, ['summon pig ~ ~', 'summon pig ~ ~ ~ {NoAI:}']);
    expect(pos[0]).toEqual(red({ translate: 'argument.pos3d.incomplete' }));
    expect(nbt[0]).toEqual(red({ translate: 'argument.nbt.expected.value' }));
  });
});

describe('kill and selectors over entities', () => {
  test('@e[type=…,tag=…] finds the summoned entity; kill removes it for the bot', async () => {
    const [cat] = entitiesNamed('cat');
    const [lines] = await runFenced(op, ['kill @e[type=minecraft:cat,tag=pet]']);
    expect(lines).toEqual([{ translate: 'commands.kill.success.single', with: [display(cat!, 'Tom')] }]);
    expect(entitiesNamed('cat')).toHaveLength(0);
  });

  test('several targets: commands.kill.success.multiple with the count; none left is notfound.entity', async () => {
    const [a, b, killed, again] = await runFenced(op, [
      'summon pig ~1 ~ ~1 {Tags:["herd"]}',
      'summon pig ~-1 ~ ~1 {Tags:["herd"]}',
      'kill @e[tag=herd]',
      'kill @e[tag=herd]',
    ]);
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(killed).toEqual([{ translate: 'commands.kill.success.multiple', with: [2] }]);
    expect(again).toEqual([red({ translate: 'argument.entity.notfound.entity' })]);
    expect(entitiesNamed('pig')).toHaveLength(0);
  });

  test('@n and distance/sort pick the nearest entity; a UUID selects exactly that entity', async () => {
    await runFenced(op, ['summon chicken ~3 ~ ~', 'summon chicken ~6 ~ ~', 'summon chicken ~9 ~ ~']);
    const chickens = entitiesNamed('chicken').sort((p, q) => p.position.x - q.position.x);
    expect(chickens).toHaveLength(3);
    const [near, mid, far] = chickens;
    const farUuid = (far as Entity & { uuid: string }).uuid;
    const chicken = (e: Entity) => ({
      translate: 'commands.kill.success.single',
      with: [display(e, { translate: 'entity.minecraft.chicken' })],
    });
    // each kill runs while the others still stand, so only the rule under test can pick the right one
    const [sorted, nearest, byUuid, none] = await runFenced(op, [
      'kill @e[type=chicken,sort=nearest,limit=1]',
      'kill @n[type=chicken]',
      `kill ${farUuid}`,
      'kill @e[type=chicken,sort=nearest,limit=1]',
    ]);
    expect(sorted).toEqual([chicken(near!)]);
    expect(nearest).toEqual([chicken(mid!)]);
    expect(byUuid).toEqual([chicken(far!)]);
    expect(none).toEqual([red({ translate: 'argument.entity.notfound.entity' })]);
  });

  test('with sendCommandFeedback false, successes are hidden and failures still shown', async () => {
    const [, summoned, killed, failed, restored] = await runFenced(op, [
      'gamerule sendCommandFeedback false',
      'summon pig ~ ~ ~2 {Tags:["quiet"]}',
      'kill @e[tag=quiet]',
      'kill @e[tag=quiet]',
      'gamerule sendCommandFeedback true',
    ]);
    expect(summoned).toEqual([]);
    expect(killed).toEqual([]);
    expect(failed).toEqual([red({ translate: 'argument.entity.notfound.entity' })]);
    expect(restored).toHaveLength(1);
  });

  test('kill @s: genericKill death message, then the success; the client respawns with full health', async () => {
    const respawned = new Promise<void>((resolve) => {
      op.bot.once('death', () => {
        op.bot.once('health', () => resolve());
      });
    });
    const [lines] = await runFenced(op, ['kill @s']);
    const me = {
      text: 'Summoner',
      insertion: 'Summoner',
      clickEvent: { action: 'suggest_command', value: '/tell Summoner ' },
      hoverEvent: {
        action: 'show_entity',
        contents: {
          type: 'minecraft:player',
          id: (op.bot._client as unknown as { uuid: string }).uuid.replace(/-/g, ''),
          name: 'Summoner',
        },
      },
    };
    expect(lines).toEqual([
      { translate: 'death.attack.genericKill', with: [me] },
      { translate: 'commands.kill.success.single', with: [me] },
    ]);
    await respawned;
    expect(op.bot.health).toBe(20);
  });
});

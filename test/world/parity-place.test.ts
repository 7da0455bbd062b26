/**
 * `place template` places mcbridge's saved structures like vanilla 1.21.4 places a template
 * (server/commands/PlaceCommand.java): feedback keys, and the blocks a real mineflayer bot then sees.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { StructureStore } from '../../src/structures/store.js';
import { startWorld, type TemplateSource, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';

let world: WorldHandle;
let op: TestBot;
let dir: string;

const red = (inner: unknown) => ({ text: '', color: 'red', extra: [inner] });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcbridge-place-'));
  // a 2×1×2 template: x fastest, then z
  await writeFile(
    join(dir, 'pad.json'),
    JSON.stringify({
      format: 'mcbridge-structure',
      version: 1,
      name: 'pad',
      savedAt: new Date(0).toISOString(),
      size: { x: 2, y: 1, z: 2 },
      palette: ['minecraft:air', 'minecraft:gold_block', 'minecraft:oak_stairs[facing=east]'],
      blocks: [1, 2, 0, 1],
    }),
  );
  // the world asks its parent for templates: here mcbridge's own store of saved structures, reading `dir`
  world = await startWorld({ ops: ['Placer'], templates: new StructureStore(dir) });
  op = await joinBot(world.host, world.port, 'Placer');
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('place template', () => {
  test('places every block of the saved structure; commands.place.template.success [id, x, y, z]', async () => {
    const p = op.bot.entity.position.floored().offset(3, 1, 3);
    const [lines] = await runFenced(op, [`place template minecraft:pad ${p.x} ${p.y} ${p.z}`]);
    expect(lines).toEqual([
      {
        translate: 'commands.place.template.success',
        with: [{ '': 'minecraft:pad' }, { text: p.x }, { text: p.y }, { text: p.z }],
      },
    ]);
    expect(op.bot.blockAt(p)?.name).toBe('gold_block');
    expect(op.bot.blockAt(p.offset(1, 0, 0))?.name).toBe('oak_stairs');
    expect(op.bot.blockAt(p.offset(1, 0, 0))?.getProperties()).toMatchObject({ facing: 'east' });
    expect(op.bot.blockAt(p.offset(0, 0, 1))?.name).toBe('air');
    expect(op.bot.blockAt(p.offset(1, 0, 1))?.name).toBe('gold_block');
  });

  test('an unknown template is the thrown commands.place.template.invalid; unloaded and parse errors', async () => {
    const [unknown, far, kind] = await runFenced(op, [
      'place template minecraft:nothing_here',
      'place template minecraft:pad 100000 0 100000',
      'place village',
    ]);
    expect(unknown).toEqual([
      red({ translate: 'commands.place.template.invalid', with: ['minecraft:nothing_here'] }),
    ]);
    expect(far).toEqual([red({ translate: 'argument.pos.unloaded' })]);
    expect(kind[0]).toEqual(red({ translate: 'command.unknown.argument' }));
  });

  test('place feature: a vanilla feature is the thrown commands.place.feature.failed (flying-squid cannot generate it), an unknown one .invalid', async () => {
    const [oak, unknown] = await runFenced(op, [
      'place feature minecraft:oak',
      'place feature minecraft:castle',
    ]);
    expect(oak).toEqual([red({ translate: 'commands.place.feature.failed' })]);
    expect(unknown).toEqual([
      red({ translate: 'commands.place.feature.invalid', with: ['minecraft:castle'] }),
    ]);
  });

  test('place feature checks the id before the position, as vanilla’s argument order does', async () => {
    const [unknownFar, knownFar] = await runFenced(op, [
      'place feature minecraft:castle 100000 0 100000',
      'place feature minecraft:oak 100000 0 100000',
    ]);
    expect(unknownFar).toEqual([
      red({ translate: 'commands.place.feature.invalid', with: ['minecraft:castle'] }),
    ]);
    expect(knownFar).toEqual([red({ translate: 'argument.pos.unloaded' })]);
  });
});

describe('place template rotation, mirror, integrity', () => {
  test('clockwise_90 turns positions about the origin block and the stairs’ facing (east → south)', async () => {
    const p = op.bot.entity.position.floored().offset(-8, 1, 8);
    const [lines] = await runFenced(op, [`place template minecraft:pad ${p.x} ${p.y} ${p.z} clockwise_90`]);
    expect(lines).toHaveLength(1);
    // (x, z) → (-z, x): gold (0,0) stays, stairs (1,0) → (0,1), gold (1,1) → (-1,1)
    expect(op.bot.blockAt(p)?.name).toBe('gold_block');
    expect(op.bot.blockAt(p.offset(0, 0, 1))?.name).toBe('oak_stairs');
    expect(op.bot.blockAt(p.offset(0, 0, 1))?.getProperties()).toMatchObject({ facing: 'south' });
    expect(op.bot.blockAt(p.offset(-1, 0, 1))?.name).toBe('gold_block');
    expect(op.bot.blockAt(p.offset(1, 0, 0))?.name).toBe('air');
  });

  test('left_right mirrors z; front_back mirrors x and flips an east-facing stair to west', async () => {
    const a = op.bot.entity.position.floored().offset(-8, 1, -8);
    const b = op.bot.entity.position.floored().offset(8, 1, -12);
    await runFenced(op, [
      `place template minecraft:pad ${a.x} ${a.y} ${a.z} none left_right`,
      `place template minecraft:pad ${b.x} ${b.y} ${b.z} none front_back`,
    ]);
    expect(op.bot.blockAt(a.offset(1, 0, 0))?.getProperties()).toMatchObject({ facing: 'east' });
    expect(op.bot.blockAt(a.offset(1, 0, -1))?.name).toBe('gold_block');
    expect(op.bot.blockAt(b.offset(-1, 0, 0))?.getProperties()).toMatchObject({ facing: 'west' });
    expect(op.bot.blockAt(b.offset(-1, 0, 1))?.name).toBe('gold_block');
  });

  test('integrity draws in vanilla’s order: full-cube blocks, then the others, each by y, x, z', async () => {
    const p = op.bot.entity.position.floored().offset(12, 1, 12);
    const [lines] = await runFenced(op, [
      `place template minecraft:pad ${p.x} ${p.y} ${p.z} none none 0.5 19753087`,
    ]);
    expect(lines).toHaveLength(1);
    // new Random(19753087).nextFloat(): 0.1856193, 0.14893866, 0.4541406, 0.7206104 — drawn by the golds at
    // (0,0,0) and (1,0,1), then the air at (0,0,1), then the stairs at (1,0,0) (not a full cube): the stairs
    // are dropped. In the saved order (x, z, y) the stairs would draw 0.149 and the second gold 0.721.
    expect(op.bot.blockAt(p)?.name).toBe('gold_block');
    expect(op.bot.blockAt(p.offset(1, 0, 1))?.name).toBe('gold_block');
    expect(op.bot.blockAt(p.offset(1, 0, 0))?.name).toBe('air');
  });

  test('a wrong rotation/mirror is argument.enum.invalid after the word; integrity outside 0..1; position checked before the id', async () => {
    const commands = [
      'place template minecraft:pad ~ ~ ~ sideways',
      'place template minecraft:pad ~ ~ ~ none upside_down',
      'place template minecraft:pad ~ ~ ~ none none 1.5',
      'place template minecraft:nothing 100000 0 100000',
    ] as const;
    const [rotation, mirror, integrity, far] = await runFenced(op, commands);
    expect(rotation[0]).toEqual(red({ translate: 'argument.enum.invalid', with: ['sideways'] }));
    // the cursor is after the word: the context line ends there, with nothing underlined after it
    expect(rotation[1]).toMatchObject({
      extra: [{ extra: [{ '': '...' }, { '': '~ sideways' }, { translate: 'command.context.here' }] }],
    });
    expect(mirror[0]).toEqual(red({ translate: 'argument.enum.invalid', with: ['upside_down'] }));
    expect(integrity[0]).toEqual(red({ translate: 'argument.float.big', with: [1, 1.5] }));
    expect(far).toEqual([red({ translate: 'argument.pos.unloaded' })]);
  });
});

describe('place jigsaw and structure', () => {
  test('a vanilla pool or structure is vanilla’s thrown .failed (not generated here), an unknown id .invalid', async () => {
    const before = op.bot.blockAt(op.bot.entity.position.floored())?.name;
    const [pool, unknownPool, structure, unknownStructure] = await runFenced(op, [
      'place jigsaw minecraft:village/plains/town_centers minecraft:bottom 7',
      'place jigsaw minecraft:castle/keep minecraft:bottom 7',
      'place structure minecraft:village_plains',
      'place structure castle',
    ]);
    expect(pool).toEqual([red({ translate: 'commands.place.jigsaw.failed' })]);
    expect(unknownPool).toEqual([
      red({ translate: 'commands.place.jigsaw.invalid', with: ['minecraft:castle/keep'] }),
    ]);
    expect(structure).toEqual([red({ translate: 'commands.place.structure.failed' })]);
    expect(unknownStructure).toEqual([
      red({ translate: 'commands.place.structure.invalid', with: ['minecraft:castle'] }),
    ]);
    expect(op.bot.blockAt(op.bot.entity.position.floored())?.name).toBe(before);
  });

  test('positions: unloaded after the id check; depth outside 1..20 and a missing depth are parse errors', async () => {
    const commands = [
      'place jigsaw minecraft:village/plains/town_centers minecraft:bottom 7 100000 0 100000',
      'place jigsaw minecraft:nothing minecraft:bottom 7 100000 0 100000',
      'place structure minecraft:igloo 100000 0 100000',
      'place jigsaw minecraft:empty minecraft:bottom 0',
      'place jigsaw minecraft:empty minecraft:bottom 21',
      'place jigsaw minecraft:empty minecraft:bottom',
    ] as const;
    const [far, unknownFar, structureFar, low, big, missing] = await runFenced(op, commands);
    expect(far).toEqual([red({ translate: 'argument.pos.unloaded' })]);
    expect(unknownFar).toEqual([
      red({ translate: 'commands.place.jigsaw.invalid', with: ['minecraft:nothing'] }),
    ]);
    expect(structureFar).toEqual([red({ translate: 'argument.pos.unloaded' })]);
    expect(low[0]).toEqual(red({ translate: 'argument.integer.low', with: [1, 0] }));
    expect(big[0]).toEqual(red({ translate: 'argument.integer.big', with: [20, 21] }));
    expect(missing[0]).toEqual(red({ translate: 'command.unknown.command' }));
    // every parse error carries its context line
    for (const lines of [low, big, missing]) expect(lines).toHaveLength(2);
  });
});

describe('sendCommandFeedback false', () => {
  test('hides the template success (the blocks still land) but never the .failed answers', async () => {
    const p = op.bot.entity.position.floored().offset(-12, 1, 0);
    const [, placed, jigsaw, structure, restore] = await runFenced(op, [
      'gamerule sendCommandFeedback false',
      `place template minecraft:pad ${p.x} ${p.y} ${p.z}`,
      'place jigsaw minecraft:village/plains/town_centers minecraft:bottom 7',
      'place structure minecraft:igloo',
      'gamerule sendCommandFeedback true',
    ]);
    expect(placed).toEqual([]);
    expect(op.bot.blockAt(p)?.name).toBe('gold_block');
    expect(jigsaw).toEqual([red({ translate: 'commands.place.jigsaw.failed' })]);
    expect(structure).toEqual([red({ translate: 'commands.place.structure.failed' })]);
    expect(restore).toHaveLength(1);
  });
});

describe('the template source the caller hands in', () => {
  test('the world asks it by name (namespace dropped); none or a rejection is commands.place.template.invalid', async () => {
    const asked: string[] = [];
    const templates: TemplateSource = {
      load(name) {
        asked.push(name);
        if (name === 'broken') return Promise.reject(new Error('unreadable'));
        if (name !== 'column') return Promise.resolve(undefined);
        return Promise.resolve({ size: { x: 1, y: 2, z: 1 }, palette: ['minecraft:stone'], blocks: [0, 0] });
      },
    };
    const own = await startWorld({ ops: ['Asker'], templates });
    const asker = await joinBot(own.host, own.port, 'Asker');
    try {
      const p = asker.bot.entity.position.floored().offset(2, 0, 2);
      const [placed, broken, missing, foreign] = await runFenced(asker, [
        `place template minecraft:column ${p.x} ${p.y} ${p.z}`,
        'place template minecraft:broken',
        'place template minecraft:missing',
        'place template mcbridge:column',
      ]);
      expect(placed).toEqual([
        {
          translate: 'commands.place.template.success',
          with: [{ '': 'minecraft:column' }, { text: p.x }, { text: p.y }, { text: p.z }],
        },
      ]);
      expect(asker.bot.blockAt(p.offset(0, 1, 0))?.name).toBe('stone');
      expect(broken).toEqual([
        red({ translate: 'commands.place.template.invalid', with: ['minecraft:broken'] }),
      ]);
      expect(missing).toEqual([
        red({ translate: 'commands.place.template.invalid', with: ['minecraft:missing'] }),
      ]);
      // only the minecraft namespace names a saved structure: the source is not asked for another
      expect(foreign).toEqual([
        red({ translate: 'commands.place.template.invalid', with: ['mcbridge:column'] }),
      ]);
      expect(asked).toEqual(['column', 'broken', 'missing']);
    } finally {
      await asker.quit();
      await own.stop();
    }
  });

  test('a world started without one knows no template', async () => {
    const bare = await startWorld({ ops: ['Bare'] });
    const bot = await joinBot(bare.host, bare.port, 'Bare');
    try {
      const [none] = await runFenced(bot, ['place template minecraft:pad']);
      expect(none).toEqual([red({ translate: 'commands.place.template.invalid', with: ['minecraft:pad'] })]);
    } finally {
      await bot.quit();
      await bare.stop();
    }
  });
});

/**
 * `place template` places mcbridge's saved structures like vanilla 1.21.4 places a template
 * (server/commands/PlaceCommand.java): feedback keys, and the blocks a real mineflayer bot then sees.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/start-world.js';
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
  // the world process inherits the environment: it reads templates from here
  process.env['MCBRIDGE_STRUCTURES_DIR'] = dir;
  world = await startWorld({ ops: ['Placer'] });
  op = await joinBot(world.host, world.port, 'Placer');
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
  delete process.env['MCBRIDGE_STRUCTURES_DIR'];
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
});

/**
 * A block change reaches the bot's chunk by state id, without prismarine Block objects, while nothing
 * listens for blockUpdate; with a listener (the viewer's, a mineflayer wait for one position) the events
 * come as mineflayer sends them. Real embedded world, real mineflayer bot.
 */
import { Vec3 } from 'vec3';
import type { Block } from 'prismarine-block';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { leanBlockChanges, type LeanBlockChangeCounts } from '../../src/connection/lean-block-changes.js';
import { StateIdReader } from '../../src/connection/state-reads.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';

let world: WorldHandle;
let t: TestBot;
let counts: LeanBlockChangeCounts;
let reader: StateIdReader;
let base: Vec3;

beforeAll(async () => {
  world = await startWorld({ ops: ['Lean'] });
  t = await joinBot(world.host, world.port, 'Lean', (bot) => {
    counts = leanBlockChanges(bot);
  });
  reader = new StateIdReader(t.bot);
  base = t.bot.entity.position.floored().offset(3, 0, 3);
}, 180_000);

afterAll(async () => {
  await t?.quit();
  await world?.stop();
});

const coords = (v: Vec3) => `${v.x} ${v.y} ${v.z}`;

test('a setblock nobody listens for is stored by state id and read back, no Block built for it', async () => {
  const p = base.offset(0, 0, 0);
  const before = { ...counts };
  const [lines] = await runFenced(t, [`setblock ${coords(p)} minecraft:oak_stairs[facing=east,half=top]`]);
  expect(lines).toEqual([{ translate: 'commands.setblock.success', with: [p.x, p.y, p.z] }]);
  expect(counts.lean).toBe(before.lean + 1);
  expect(counts.full).toBe(before.full);
  expect(reader.readBlock(p)).toMatchObject({
    name: 'minecraft:oak_stairs',
    properties: { facing: 'east', half: 'top' },
  });
});

test('a fill across two sections and two chunks lands block by block at the right positions', async () => {
  // y -65..-60 is not buildable below -64; the box spans section boundary y=-48 and a chunk boundary in x
  const x0 = (Math.floor(base.x / 16) + 1) * 16 - 1; // the last column of a chunk, and the first of the next
  const from = new Vec3(x0, -50, base.z);
  const to = new Vec3(x0 + 1, -47, base.z + 1);
  const before = { ...counts };
  const [lines] = await runFenced(t, [`fill ${coords(from)} ${coords(to)} minecraft:glass`]);
  expect(lines).toEqual([{ translate: 'commands.fill.success', with: [16] }]);
  expect(counts.lean - before.lean).toBe(16);
  for (let x = from.x; x <= to.x; x++)
    for (let y = from.y; y <= to.y; y++)
      for (let z = from.z; z <= to.z; z++)
        expect(reader.readBlock({ x, y, z }), `${x} ${y} ${z}`).toMatchObject({ name: 'minecraft:glass' });
  // the neighbours stay as they were
  expect(reader.readBlock({ x: from.x - 1, y: from.y, z: from.z })).not.toMatchObject({
    name: 'minecraft:glass',
  });
  expect(reader.readBlock({ x: from.x, y: to.y + 1, z: from.z })).not.toMatchObject({
    name: 'minecraft:glass',
  });
});

test('with a blockUpdate listener the change comes through mineflayer with the old and the new Block', async () => {
  const p = base.offset(1, 0, 0);
  const seen: Array<[string, string]> = [];
  const listener = (old: Block | null, now: Block | null) => {
    if (now?.position.equals(p)) seen.push([old?.name ?? '', now.name]);
  };
  t.bot.on('blockUpdate', listener);
  const before = { ...counts };
  try {
    await runFenced(t, [`setblock ${coords(p)} minecraft:stone`, `setblock ${coords(p)} minecraft:dirt`]);
  } finally {
    t.bot.off('blockUpdate', listener);
  }
  expect(seen).toEqual([
    ['air', 'stone'],
    ['stone', 'dirt'],
  ]);
  expect(counts.full).toBe(before.full + 2);
  expect(counts.lean).toBe(before.lean);
  expect(reader.readBlock(p)).toMatchObject({ name: 'minecraft:dirt' });
});

test("mineflayer's wait for one position is answered, and afterwards changes go the lean way again", async () => {
  const p = base.offset(2, 0, 0);
  const events = t.bot as unknown as NodeJS.EventEmitter;
  const changed = new Promise<string | undefined>((resolve) =>
    events.once(`blockUpdate:${p}`, (_old: Block | null, now: Block | null) => resolve(now?.name)),
  );
  const before = { ...counts };
  await runFenced(t, [`setblock ${coords(p)} minecraft:gold_block`]);
  expect(await changed).toBe('gold_block');
  expect(counts.full).toBe(before.full + 1);
  // once(): the listener is gone, so the next change is stored by state id only
  events.removeAllListeners(`blockUpdate:${p}`);
  await runFenced(t, [`setblock ${coords(p)} minecraft:iron_block`]);
  expect(counts.lean).toBe(before.lean + 1);
  expect(reader.readBlock(p)).toMatchObject({ name: 'minecraft:iron_block' });
});

test('a single block_change packet (as servers send for one block) is stored by state id', async () => {
  // the embedded world sends multi_block_change for every write; a vanilla server sends block_change for a
  // single block, and the bot's decoder hands the handler this shape (the packet is emitted, not decoded)
  const p = base.offset(3, 0, 0);
  const before = { ...counts };
  const id = t.bot.registry.blocksByName['diamond_block']!.defaultState;
  t.bot._client.emit('block_change', { location: { x: p.x, y: p.y, z: p.z }, type: id });
  expect(counts.lean).toBe(before.lean + 1);
  expect(reader.readBlock(p)).toMatchObject({ name: 'minecraft:diamond_block' });
});

/**
 * The embedded world streams chunks like vanilla 1.21.4 (ChunkMap, PlayerChunkSender): after a command's
 * teleport a real mineflayer bot receives the chunks of its view around the new position, nearest first, in
 * chunk batches, and unload_chunk for every chunk it left behind; a build far away survives its chunks
 * leaving the server's memory.
 */
import type { EventEmitter } from 'node:events';
import type { Bot } from 'mineflayer';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ChunkTrackingView, chunkKey } from '../../src/world/parity/chunk-tracking-view.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { chunksArrive, joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { until } from '../helpers/wait.js';

let world: WorldHandle;
let walker: TestBot;
const VIEW_DISTANCE = 4;

interface Received {
  loads: string[];
  unloads: string[];
  batches: Array<{ chunks: number; announced: number }>;
  stop(): void;
}

/** records the chunks the bot is sent and forgets, and the batches they came in */
function record(bot: Bot): Received {
  const r: Received = { loads: [], unloads: [], batches: [], stop: () => {} };
  let inBatch = -1;
  const onChunk = (p: { x: number; z: number }) => {
    r.loads.push(chunkKey(p.x, p.z));
    if (inBatch >= 0) inBatch++;
  };
  const onUnload = (p: { chunkX: number; chunkZ: number }) => r.unloads.push(chunkKey(p.chunkX, p.chunkZ));
  const onStart = () => (inBatch = 0);
  const onFinish = (p: { batchSize: number }) => {
    // the end of a batch that began before the recording (the join's last one) is not this teleport's
    if (inBatch >= 0) r.batches.push({ chunks: inBatch, announced: p.batchSize });
    inBatch = -1;
  };
  const client = bot._client as unknown as EventEmitter;
  client.on('map_chunk', onChunk);
  client.on('unload_chunk', onUnload);
  client.on('chunk_batch_start', onStart);
  client.on('chunk_batch_finished', onFinish);
  r.stop = () => {
    client.off('map_chunk', onChunk);
    client.off('unload_chunk', onUnload);
    client.off('chunk_batch_start', onStart);
    client.off('chunk_batch_finished', onFinish);
  };
  return r;
}

/** the chunks vanilla sends a player standing at (x, z) */
function viewAround(x: number, z: number): Set<string> {
  const view = new Set<string>();
  new ChunkTrackingView({ x: Math.floor(x) >> 4, z: Math.floor(z) >> 4 }, VIEW_DISTANCE).forEach((cx, cz) =>
    view.add(chunkKey(cx, cz)),
  );
  return view;
}

const columnsOf = (bot: Bot) =>
  new Set(
    (bot.world.getColumns() as Array<{ chunkX: string | number; chunkZ: string | number }>).map((c) =>
      chunkKey(Number(c.chunkX), Number(c.chunkZ)),
    ),
  );

beforeAll(async () => {
  world = await startWorld({ ops: ['Walker'], viewDistance: VIEW_DISTANCE });
  walker = await joinBot(world.host, world.port, 'Walker');
  await chunksArrive(walker.bot, viewAround(walker.bot.entity.position.x, walker.bot.entity.position.z));
});

afterAll(async () => {
  await walker?.quit();
  await world?.stop();
});

async function teleport(dx: number): Promise<{ x: number; z: number; received: Received }> {
  const from = walker.bot.entity.position.clone();
  const received = record(walker.bot);
  const [lines] = await runFenced(walker, [`tp @s ~${dx} ~ ~`]);
  expect(JSON.stringify(lines)).toContain('commands.teleport.success.location.single');
  const to = { x: from.x + dx, z: from.z };
  await chunksArrive(walker.bot, viewAround(to.x, to.z));
  // and the end of the batch that brought the last of them
  await until(
    'the last batch to finish',
    () => received.batches.reduce((n, b) => n + b.chunks, 0) >= received.loads.length,
  );
  received.stop();
  return { ...to, received };
}

test.each([300, 3000])(
  'after tp ~%i the bot gets its whole view around the new position, nearest first, in batches, and forgets the old one',
  async (dx) => {
    const before = columnsOf(walker.bot);
    const { x, z, received } = await teleport(dx);
    const view = viewAround(x, z);

    expect(new Set(received.loads)).toEqual(view);
    // nearest first (squared chunk distance to the player's chunk)
    const cx = Math.floor(x) >> 4;
    const cz = Math.floor(z) >> 4;
    const distances = received.loads.map((k) => {
      const [a, b] = k.split(',').map(Number) as [number, number];
      return (a - cx) ** 2 + (b - cz) ** 2;
    });
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // every chunk inside a batch that announces its size
    expect(received.batches.length).toBeGreaterThan(0);
    expect(received.batches.every((b) => b.chunks === b.announced)).toBe(true);
    expect(received.batches.reduce((n, b) => n + b.chunks, 0)).toBe(received.loads.length);

    // the chunks left behind were forgotten, each once, and the bot holds only its new view
    expect([...received.unloads].sort()).toEqual([...before].sort());
    expect(columnsOf(walker.bot)).toEqual(view);
  },
);

test('a build far away is there when the player comes back after its chunks left the server', async () => {
  const far = await teleport(3000);
  const spot = {
    x: Math.floor(far.x) + 2,
    y: Math.floor(walker.bot.entity.position.y),
    z: Math.floor(far.z),
  };
  const [set] = await runFenced(walker, [`setblock ${spot.x} ${spot.y} ${spot.z} minecraft:emerald_block`]);
  expect(JSON.stringify(set)).toContain('commands.setblock.success');
  await expect
    .poll(() => walker.bot.blockAt(walker.bot.entity.position.offset(2, 0, 0))?.name, { timeout: 120_000 })
    .toBe('emerald_block');

  // far enough that no player holds those chunks: the server lets them leave memory
  await teleport(-3000);
  const [unloaded] = await runFenced(walker, [`setblock ${spot.x} ${spot.y} ${spot.z} minecraft:stone`]);
  expect(JSON.stringify(unloaded)).toContain('argument.pos.unloaded');

  await teleport(3000);
  const [again] = await runFenced(walker, [`setblock ${spot.x} ${spot.y} ${spot.z} minecraft:emerald_block`]);
  // vanilla's "nothing changed": the block is still there
  expect(JSON.stringify(again)).toContain('commands.setblock.failed');
  expect(walker.bot.blockAt(walker.bot.entity.position.offset(2, 0, 0))?.name).toBe('emerald_block');
});

test('a position is loaded out to the view distance plus two chunks from the player, not one chunk further (ServerLevel.hasChunkAt)', async () => {
  const p = walker.bot.entity.position;
  const cx = Math.floor(p.x) >> 4;
  const y = Math.floor(p.y) + 5;
  const z = Math.floor(p.z);
  const [held, beyond] = await runFenced(walker, [
    `setblock ${(cx + VIEW_DISTANCE + 2) * 16 + 8} ${y} ${z} minecraft:stone`,
    `setblock ${(cx + VIEW_DISTANCE + 3) * 16 + 8} ${y} ${z} minecraft:stone`,
  ]);
  expect(JSON.stringify(held)).toContain('commands.setblock.success');
  expect(JSON.stringify(beyond)).toContain('argument.pos.unloaded');
});

test('viewDelivered resolves, asked before the player joins, once its client holds its whole view and has acknowledged every batch', async () => {
  const delivered = world.viewDelivered('Latecomer');
  let batchesFinished = 0;
  let acknowledged = 0;
  const late = await joinBot(world.host, world.port, 'Latecomer', (bot) => {
    const client = bot._client as unknown as EventEmitter & { write: (name: string, data: unknown) => void };
    client.on('chunk_batch_finished', () => batchesFinished++);
    // count the client's acknowledgements as it writes them
    const write = client.write.bind(client);
    client.write = (name, data) => {
      if (name === 'chunk_batch_received') acknowledged++;
      write(name, data);
    };
  });
  try {
    await delivered;
    const p = late.bot.entity.position;
    // every chunk of its view is in the bot's world (the world sent no more than the view)
    expect(columnsOf(late.bot)).toEqual(viewAround(p.x, p.z));
    expect(batchesFinished).toBeGreaterThan(1);
    expect(acknowledged).toBe(batchesFinished);
    // asked again while it stands still: at once
    await world.viewDelivered('Latecomer');
  } finally {
    await late.quit();
  }
});

/**
 * The bot keeps no light (src/connection/no-light.ts): against the embedded world, which sends sky and block
 * light with every chunk as vanilla does, the bot's columns hold no light arrays, before and after a
 * light-emitting block is placed, and blocks still read back. Its parser skips the light lists' bytes: the same
 * packets read through minecraft-protocol's reader and through the lean one differ only there. The world
 * writes those lists as bytes, and they read back whole.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MineflayerChannel } from '../../src/connection/mineflayer.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';
import { parseWithoutLight } from '../../src/connection/no-light.js';

interface ColumnWithLight {
  skyLightSections: unknown[];
  blockLightSections: unknown[];
}

let c: TestCompanion;
let channel: MineflayerChannel;

beforeAll(async () => {
  c = await startCompanion({ username: 'Dark' });
  channel = (await c.target.get()).channel as MineflayerChannel;
}, 120_000);

afterAll(async () => {
  await c?.close();
});

function lightArrays(): { columns: number; arrays: number } {
  const world = channel.bot.world as unknown as { getColumns(): Array<{ column: ColumnWithLight }> };
  const columns = world.getColumns().map((entry) => entry.column);
  const arrays = columns
    .flatMap((column) => [...column.skyLightSections, ...column.blockLightSections])
    .filter((section) => section !== null && section !== undefined).length;
  return { columns: columns.length, arrays };
}

test('the loaded columns hold no light arrays, and the bot parses its chunks without them', async () => {
  // the bot has spawned; its first column may still be on the way
  if (lightArrays().columns === 0)
    await new Promise((resolve) => channel.bot.once('chunkColumnLoad', resolve));
  const deserializer = (channel.bot._client as unknown as { deserializer: object }).deserializer;
  expect(Object.hasOwn(deserializer, 'parsePacketBuffer')).toBe(true);
  const { columns, arrays } = lightArrays();
  expect(columns).toBeGreaterThan(0);
  expect(arrays).toBe(0);
});

test('a glowstone placed near the bot reads back, and still no light is kept', async () => {
  const at = channel.bot.entity.position.floored().offset(2, 1, 0);
  const { results } = await c.execute([`setblock ${at.x} ${at.y} ${at.z} glowstone`]);
  expect(results[0]).toMatchObject({ status: 'applied' });
  expect(channel.bot.blockAt(at)?.name).toBe('glowstone');
  expect(lightArrays().arrays).toBe(0);
});

/** minecraft-protocol's own play-state reader and writer for the world's version, shared by the process */
const protocolOf = async () => {
  const { createDeserializer, createSerializer } = (await import(
    'minecraft-protocol/src/transforms/serializer.js' as string
  )) as {
    createDeserializer(o: object): FullParser;
    createSerializer(o: object): { createPacketBuffer(packet: object): Buffer };
  };
  const version = channel.bot.version;
  return {
    full: () => createDeserializer({ state: 'play', isServer: false, version }),
    serverWriter: createSerializer({ state: 'play', isServer: true, version }),
  };
};

interface FullParser {
  parsePacketBuffer(buffer: Buffer): {
    data: { name: string; params: Record<string, unknown> };
    metadata: { size: number };
    buffer: Buffer;
    fullBuffer: Buffer;
  };
}

/** the same bytes through minecraft-protocol's reader and through the lean one */
async function bothWays(buffer: Buffer) {
  const { full } = await protocolOf();
  const plain = full().parsePacketBuffer(buffer);
  const leanParser = full();
  const client = { state: 'play', deserializer: leanParser, on: () => client };
  expect(parseWithoutLight(client, channel.bot.version)).toBe(true);
  return { plain, lean: leanParser.parsePacketBuffer(buffer) };
}

test('a chunk from the world is read without its light, and everything else as minecraft-protocol reads it', async () => {
  const client = channel.bot._client as unknown as {
    once(event: 'raw.map_chunk', listener: (buffer: Buffer) => void): void;
  };
  // the bot receives its view's columns for a while after joining; once a column is placed, the world resends it
  const at = channel.bot.entity.position.floored().offset(40, 0, 40);
  const raw = new Promise<Buffer>((resolve) => client.once('raw.map_chunk', resolve));
  await c.execute([`tp @s ${at.x} ${at.y} ${at.z}`]);
  const buffer = await raw;
  const { plain, lean } = await bothWays(buffer);
  expect(plain.data.name).toBe('map_chunk');
  // the world writes its light as bytes (world/parity/light-bytes.ts): read the usual way, every section is
  // 2,048 bytes, and the open sky over the flat world is at full light
  const sky = plain.data.params['skyLight'] as number[][];
  expect(sky.length).toBeGreaterThan(0);
  for (const section of sky) expect(section).toHaveLength(2048);
  expect(new Set(sky.at(-1))).toEqual(new Set([0xff]));
  expect(lean.metadata.size).toBe(buffer.length);
  expect(plain.metadata.size).toBe(buffer.length);
  expect(lean.data).toEqual({
    name: 'map_chunk',
    params: { ...plain.data.params, skyLight: undefined, blockLight: undefined },
  });
  // a packet cut short is minecraft-protocol's to report, with the same partial-read error as before
  const cut = buffer.subarray(0, buffer.length - 100);
  const { full } = await protocolOf();
  const leanParser = full();
  parseWithoutLight({ state: 'play', deserializer: leanParser, on: () => undefined }, channel.bot.version);
  const fullError = thrownBy(() => full().parsePacketBuffer(cut));
  const leanError = thrownBy(() => leanParser.parsePacketBuffer(cut));
  expect(fullError).toMatchObject({ partialReadError: true });
  expect(leanError).toMatchObject({ partialReadError: true, message: fullError.message });
});

const thrownBy = (f: () => unknown): Error & { partialReadError?: boolean } => {
  try {
    f();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected it to throw');
};

test('a light update is read without its light lists, its masks and position as they were', async () => {
  const { serverWriter } = await protocolOf();
  const section = (value: number) => new Array(2048).fill(value);
  const buffer = serverWriter.createPacketBuffer({
    name: 'update_light',
    params: {
      chunkX: -3,
      chunkZ: 7,
      skyLightMask: [[0, 6]],
      blockLightMask: [[0, 2]],
      emptySkyLightMask: [[0, 1]],
      emptyBlockLightMask: [[0, 0]],
      skyLight: [section(15), section(7)],
      blockLight: [section(3)],
    },
  });
  const { plain, lean } = await bothWays(buffer);
  expect((plain.data.params['skyLight'] as unknown[]).length).toBe(2);
  expect(lean.metadata.size).toBe(buffer.length);
  expect(lean.data).toEqual({
    name: 'update_light',
    params: { ...plain.data.params, skyLight: undefined, blockLight: undefined },
  });
});

test('other packets and older versions keep the full reader', async () => {
  const { full, serverWriter } = await protocolOf();
  const chat = serverWriter.createPacketBuffer({
    name: 'system_chat',
    params: { content: { type: 'string', value: 'hello' }, isActionBar: false },
  });
  const { plain, lean } = await bothWays(chat);
  expect(lean).toEqual(plain);
  // before 1.18 a chunk carried no light lists: nothing to skip, the version keeps minecraft-protocol's reader
  const parser = full();
  const before = parser.parsePacketBuffer;
  expect(parseWithoutLight({ state: 'play', deserializer: parser, on: () => undefined }, '1.16.5')).toBe(
    false,
  );
  expect(parser.parsePacketBuffer).toBe(before);
});

/**
 * The bot reads the game's lines off its `system_chat` packets itself (src/connection/system-lines.ts),
 * instead of through minecraft-protocol's and mineflayer's two conversions. Against the embedded world,
 * every line it captures must be what prismarine-chat (the old path) makes of the same packet: the same
 * component, the same English text — including hover events with entity UUIDs, which 1.20.3+ sends as int
 * arrays in NBT.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CapturedMessage } from '../../src/vocabulary/text/message.js';
import type { MineflayerChannel } from '../../src/connection/mineflayer.js';
import { componentOfPacket, plainNbt } from '../../src/connection/system-lines.js';
import { normalizeComponent } from '../../src/vocabulary/text/component.js';
import { defaultSafetyConfig, parseSafetyConfig } from '../../src/safety/config.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

const require = createRequire(import.meta.url);
// the old path, as minecraft-protocol (src/client/chat.js) and mineflayer (lib/plugins/chat.js) ran it
const { processNbtMessage } = require('prismarine-chat') as {
  processNbtMessage(nbt: unknown): string | null;
};
type ChatMessage = { json: unknown; toString(): string };
let ChatMessage: { fromNotch(json: string): ChatMessage };

let c: TestCompanion;
let channel: MineflayerChannel;

beforeAll(async () => {
  // title is not a building command; the test lets it through to see an action-bar line
  const safety = parseSafetyConfig({ allow: [...defaultSafetyConfig.allow, 'title'] }, 'test config');
  c = await startCompanion({ username: 'Lines', safety });
  channel = (await c.target.get()).channel as MineflayerChannel;
  ChatMessage = require('prismarine-chat')(channel.bot.registry);
}, 120_000);

afterAll(async () => {
  await c?.close();
});

test('mineflayer no longer parses system lines: the bot emits no message event for them', async () => {
  let mineflayerMessages = 0;
  const count = () => {
    mineflayerMessages++;
  };
  channel.bot.on('message', count);
  const captured: CapturedMessage[] = [];
  const off = channel.onMessage((m) => captured.push(m));
  await c.execute(['gamerule doDaylightCycle']);
  off();
  channel.bot.off('message', count);
  expect(captured.length).toBeGreaterThan(0);
  expect(mineflayerMessages).toBe(0);
});

test('every captured line equals what prismarine-chat makes of the same packet', async () => {
  const packets: Array<{ content: unknown; isActionBar: boolean }> = [];
  const onPacket = (p: { content: unknown; isActionBar: boolean }) => packets.push(p);
  const client = channel.bot._client as unknown as NodeJS.EventEmitter;
  client.on('system_chat', onPacket);
  const captured: CapturedMessage[] = [];
  const off = channel.onMessage((m) => captured.push(m));
  const p = channel.executorPosition()!;
  const [x, y, z] = [Math.floor(p.x) + 2, Math.floor(p.y), Math.floor(p.z) + 2];
  const batch = await c.execute([
    `setblock ${x} ${y} ${z} minecraft:stone`, // success with coordinates
    `setblock ${x} ${y} ${z} minecraft:stone`, // failure: already there
    `setblock ${x} ${y} ${z} minecraft:not_a_block`, // parse error and its context line (click event)
    `summon minecraft:pig ${x} ${y} ${z + 2}`, // an entity name whose hover names its UUID
    `kill @e[type=minecraft:pig]`,
    'tellraw @s ["a ",{"text":"b","bold":true},{"translate":"commands.setblock.success","with":[1,2,3]}]',
    'title @s actionbar {"text":"over the hotbar"}',
  ]);
  off();
  client.off('system_chat', onPacket);
  expect(batch.safety?.blockedWholeBatch ?? false).toBe(false);
  const ours = captured.filter((m) => !m.text.startsWith('mcbridge-fence'));
  expect(packets.length).toBeGreaterThanOrEqual(8);
  expect(captured.length).toBe(packets.length);
  const hover = JSON.stringify(captured.map((m) => m.component));
  expect(hover).toMatch(/"id":"[0-9a-f]{32}"/); // the pig's UUID, from four ints
  captured.forEach((m, i) => {
    const json = processNbtMessage(packets[i]!.content);
    const old = ChatMessage.fromNotch(json ?? '""');
    expect(m.component).toEqual(normalizeComponent(old.json));
    expect(m.text).toBe(old.toString());
    expect(m.overlay).toBe(packets[i]!.isActionBar);
  });
  expect(ours.length).toBeGreaterThan(0);
});

test('NBT lists, the empty-key wrapper of mixed lists, and a JSON-text packet of servers before 1.20.3', () => {
  const str = (value: string) => ({ type: 'string', value });
  const nbt = {
    type: 'compound',
    value: {
      translate: str('chat.type.text'),
      with: {
        type: 'list',
        value: { type: 'compound', value: [{ '': str('Alex') }, { text: str('hi') }] },
      },
    },
  };
  expect(plainNbt(nbt)).toEqual({ translate: 'chat.type.text', with: [{ '': 'Alex' }, { text: 'hi' }] });
  expect(componentOfPacket(nbt)).toEqual({ translate: 'chat.type.text', with: ['Alex', { text: 'hi' }] });
  expect(componentOfPacket('{"text":"old"}')).toEqual({ text: 'old' });
  expect(componentOfPacket('not json')).toBe('not json');
  expect(componentOfPacket({ type: 'end', value: undefined })).toBe('');
});

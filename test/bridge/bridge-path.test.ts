/**
 * The bridge path end to end: MCP Client → companion (bridge mode) → headless peer (a mineflayer bot behind
 * the mod's protocol) → embedded world — and the same batch through the bot path gives the same statuses.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import mineflayer from 'mineflayer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type BridgePeer, startBridgePeer } from '../../src/peer/peer.js';
import { BridgeServer } from '../../src/bridge/server.js';
import { bridgeTarget } from '../../src/connection/bridge-target.js';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { Targets } from '../../src/connection/targets.js';
import { logger } from '../../src/vocabulary/logger.js';
import { createServer } from '../../src/mcp/server.js';
import type { BatchResult } from '../../src/results/schema.js';
import { defaultSafetyConfig, parseSafetyConfig } from '../../src/safety/config.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { until } from '../helpers/wait.js';

const TOKEN = 'test-token-0123456789abcdef';
let world: WorldHandle;
let bridge: BridgeServer;
let peerBot: mineflayer.Bot;
let peer: BridgePeer;
let client: Client;
let targets: Targets;

async function spawnBot(username: string): Promise<mineflayer.Bot> {
  const bot = mineflayer.createBot({
    host: world.host,
    port: world.port,
    username,
    version: world.version,
    auth: 'offline',
  });
  await new Promise<void>((resolve, reject) => {
    bot.once('spawn', () => resolve());
    bot.once('error', reject);
  });
  await bot.waitForChunksToLoad();
  return bot;
}

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args }, { timeout: 60_000 })) as CallToolResult;
const execute = async (target: string, commands: string[]) => {
  const r = await call('execute_commands', { commands, target, resultDetail: 'full' });
  if (r.isError) throw new Error(JSON.stringify(r.content));
  return r.structuredContent as unknown as BatchResult;
};

beforeAll(async () => {
  world = await startWorld({ ops: ['PeerBot', 'DirectBot'] });
  bridge = await BridgeServer.start({ port: 0, token: TOKEN });
  peerBot = await spawnBot('PeerBot');
  peer = await startBridgePeer({
    url: bridge.url,
    token: TOKEN,
    name: 'mygame',
    bot: peerBot,
    server: `${world.host}:${world.port}`,
  });
  targets = new Targets([
    bridgeTarget({ name: 'mygame', server: bridge, waitMs: 1000 }),
    mineflayerTarget({
      name: 'bot',
      host: world.host,
      port: world.port,
      username: 'DirectBot',
      version: world.version,
    }),
  ]);
  const safety = parseSafetyConfig({ allow: [...defaultSafetyConfig.allow, 'frobnicate'] }, 'test config');
  const server = createServer({ targets, log: logger.child({}, { level: 'silent' }), safety });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  client = new Client({ name: 'bridge-test', version: '0' });
  await client.connect(a);
});

afterAll(async () => {
  await client?.close();
  await targets?.closeAll();
  await peer?.close();
  peerBot?.quit();
  await bridge?.close();
  await world?.stop();
});

describe('bridge path', () => {
  test('execute_commands through the game: statuses, own lines, keys, fenced capture, verification', async () => {
    const p = peerBot.entity.position.floored();
    const batch = await execute('mygame', [
      `setblock ${p.x + 2} ${p.y} ${p.z + 2} minecraft:oak_planks`,
      `setblock ${p.x + 2} ${p.y} ${p.z + 2} minecraft:oak_planks`,
      `setblock ${p.x + 3} ${p.y} ${p.z + 2} notablock`,
      'frobnicate',
    ]);
    expect(batch.captureStrategy).toBe('fenced');
    expect(batch.results.map((r) => [r.status, r.detail?.key])).toEqual([
      ['applied', 'commands.setblock.success'],
      ['rejected_by_game', 'commands.setblock.failed'],
      ['rejected_by_game', 'argument.block.id.invalid'],
      ['rejected_by_game', 'command.unknown.command'],
    ]);
    expect(batch.results[0]!.chatMessages).toEqual([`Changed the block at ${p.x + 2}, ${p.y}, ${p.z + 2}`]);
    expect(batch.results[0]!.verification?.status).toBe('verified');
    const info = await call('get_connection_info', { target: 'mygame' });
    expect(info.structuredContent).toMatchObject({
      backend: 'bridge',
      op: true,
      captureStrategy: 'fenced',
      username: 'PeerBot',
      signInMode: 'client',
    });
    expect((info.content[0] as { text: string }).text).toMatch(
      /^signs in: as the player of the Minecraft client/m,
    );
    expect(info._meta?.['mcbridge/service']).toMatchObject({ connection: 'mygame', backend: 'bridge' });
  });

  test('the same batch through the bridge and through the bot gives the same statuses', async () => {
    const p = peerBot.entity.position.floored();
    const make = (dz: number) =>
      Array.from({ length: 60 }, (_, i) =>
        i % 3 === 2
          ? `setblock ${i} 5`
          : `fill ${p.x + (i % 10)} ${p.y + 1} ${p.z + dz} ${p.x + (i % 10)} ${p.y + 2} ${p.z + dz} minecraft:${i % 2 ? 'stone' : 'glass'}`,
      );
    const viaBridge = await execute('mygame', make(6));
    const viaBot = await execute('bot', make(8));
    expect(viaBridge.results.map((r) => [r.status, r.detail?.key])).toEqual(
      viaBot.results.map((r) => [r.status, r.detail?.key]),
    );
  });

  test('the hints read the whole area around the writes through the game, and name a room as the bot path does', async () => {
    const p = peerBot.entity.position.floored();
    const room = (dx: number) => [
      `fill ${p.x + dx} ${p.y} ${p.z + 14} ${p.x + dx + 6} ${p.y + 4} ${p.z + 20} minecraft:stone_bricks hollow`,
    ];
    const viaBridge = await execute('mygame', room(-24));
    const viaBot = await execute('bot', room(24));
    // verification reads the written blocks again after the hints' area was fetched: the rest of it stays read
    expect(viaBridge.actionHints?.worldRead).toMatchObject({ status: 'read', unreadable: 0 });
    const shape = (hints: string[] | undefined) => (hints ?? []).map((h) => h.replace(/-?\d+/g, 'N'));
    expect(shape(viaBridge.actionHints?.moduleHints)).toEqual(shape(viaBot.actionHints?.moduleHints));
    expect(shape(viaBridge.actionHints?.moduleHints)).toContain(
      'The writes touched the N×N×N room at (N,N,N)–(N,N,N): no way in yet.',
    );
  });

  test('get_blocks_in_area reads the game’s own world through the bridge', async () => {
    const p = peerBot.entity.position.floored();
    await execute('mygame', [
      `setblock ${p.x + 4} ${p.y} ${p.z + 4} minecraft:oak_door[facing=west,half=lower]`,
    ]);
    const r = await call('get_blocks_in_area', {
      from: { x: p.x + 4, y: p.y, z: p.z + 4 },
      to: { x: p.x + 4, y: p.y, z: p.z + 4 },
      target: 'mygame',
    });
    expect(Object.values((r.structuredContent as { palette: Record<string, string> }).palette)).toContain(
      'minecraft:oak_door[facing=west,half=lower,hinge=left,open=false,powered=false]',
    );
  });

  test('the game on its title screen: execute_commands is a clear error, "game not in a world"', async () => {
    const session = bridge.session('mygame')!;
    session.receive(
      JSON.stringify({ ...session.state, type: 'state', inWorld: false, screen: 'title', position: null }),
    );
    const r = await call('execute_commands', { commands: ['say hi'], target: 'mygame' });
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.content)).toMatch(/not in a world/);
    // back in the world: the next call works
    session.receive(JSON.stringify({ ...session.state, type: 'state', inWorld: true, screen: 'world' }));
    await waitFor(() => session.state?.inWorld === true);
  });

  test('the game’s socket drops mid-batch: every command still has a result; a new connection works', async () => {
    const p = peerBot.entity.position.floored();
    const pending = execute(
      'mygame',
      Array.from(
        { length: 1000 },
        (_, i) => `setblock ${p.x + (i % 10)} ${p.y + 3 + (((i / 10) % 5) | 0)} ${p.z + 12} minecraft:stone`,
      ),
    );
    setTimeout(() => peer.drop(), 5);
    const batch = await pending;
    expect(batch.results).toHaveLength(1000);
    const unknown = batch.results.filter((r) => r.status === 'unknown');
    expect(unknown.length).toBeGreaterThan(0);
    for (const r of unknown) expect(r.detail?.reason).toMatch(/connection|disconnected|not sent|went down/);
    peer = await startBridgePeer({
      url: bridge.url,
      token: TOKEN,
      name: 'mygame',
      bot: peerBot,
      server: `${world.host}:${world.port}`,
    });
    await waitFor(() => bridge.session('mygame')?.state?.inWorld === true);
    const after = await execute('mygame', ['gamerule sendCommandFeedback']);
    expect(after.results[0]!.status).toBe('applied');
  });
});

function waitFor(predicate: () => boolean): Promise<void> {
  return until('the session state the test waits for', predicate);
}

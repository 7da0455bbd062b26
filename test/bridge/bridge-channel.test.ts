/**
 * The bridge channel's traffic: a burst of commands leaves in one write, and a verification's boxes are asked
 * for together, not one round trip each, every answer landing on its own positions whatever order the game
 * answers in. The game here is a scripted WebSocket peer speaking the protocol.
 */
import { afterEach, expect, test } from 'vitest';
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../src/bridge/protocol.js';
import { BridgeServer } from '../../src/bridge/server.js';
import { BridgeChannel } from '../../src/connection/bridge-channel.js';
import { until } from '../helpers/wait.js';

const TOKEN = 'bridge-channel-token-0123456789';
const servers: BridgeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

interface ReadFrame {
  type: 'read_blocks';
  id: number;
  from: { x: number; y: number; z: number };
  to: { x: number; y: number; z: number };
}

/** A bridge server and a scripted game in a world; `frames` holds what the game received. */
async function gameInWorld() {
  const server = await BridgeServer.start({ port: 0, token: TOKEN });
  servers.push(server);
  const game = new WebSocket(server.url);
  const frames: Array<{ type: string; command?: string }> = [];
  game.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as { type: string });
  });
  await new Promise((resolve) => game.once('open', resolve));
  const send = (frame: object) => game.send(JSON.stringify(frame));
  send({
    type: 'hello',
    protocol: PROTOCOL_VERSION,
    token: TOKEN,
    name: 'default',
    client: { kind: 'fabric-mod', version: 't', minecraft: '1.21.4' },
  });
  const session = await server.waitForSession('default', { timeoutMs: 60_000 });
  send({
    type: 'state',
    inWorld: true,
    screen: 'world',
    server: null,
    player: 'Steve',
    op: null,
    minecraft: '1.21.4',
    position: null,
  });
  await until('the game in a world', () => session.state?.inWorld === true);
  return { game, send, session, frames, channel: new BridgeChannel(session) };
}

test('a burst of commands leaves in one write: the connection is held until the tick ends, then every run arrives in order', async () => {
  const { game, session, frames, channel } = await gameInWorld();
  const commands = Array.from({ length: 200 }, (_, i) => `setblock ${i} 64 0 minecraft:stone`);
  for (const command of commands) channel.sendCommand(command);
  expect(session.transport.writableCorked).toBe(1);
  await new Promise((resolve) => process.nextTick(resolve));
  expect(session.transport.writableCorked).toBe(0);
  const runs = () => frames.filter((f) => f.type === 'run');
  await until('200 run frames at the game', () => runs().length === commands.length);
  expect(runs().map((r) => r.command)).toEqual(commands);
  game.close();
});

test('the boxes of one read are in flight together, and each answer fills its own positions', async () => {
  const { game, send, frames, channel } = await gameInWorld();
  const reads = () => frames.filter((f) => f.type === 'read_blocks') as ReadFrame[];

  // ten one-block boxes, as a batch of ten setblocks verifies them
  const boxes = Array.from({ length: 10 }, (_, i) => ({
    min: { x: i, y: 64, z: 0 },
    max: { x: i, y: 64, z: 0 },
  }));
  const prepared = channel.prepareRead(boxes);
  await until('all ten read requests at the game before any answer', () => reads().length === boxes.length);
  // answered last first: each answer names its request by id
  for (const r of [...reads()].reverse())
    send({ type: 'blocks', id: r.id, states: [r.from.x % 2 ? 'minecraft:stone' : 'minecraft:oak_planks'] });
  await prepared;
  for (let x = 0; x < boxes.length; x++)
    expect(channel.readBlock({ x, y: 64, z: 0 })).toEqual({
      name: x % 2 ? 'minecraft:stone' : 'minecraft:oak_planks',
      properties: {},
    });
  expect(channel.readBlock({ x: 0, y: 65, z: 0 })).toBe('unloaded');
  game.close();
});

/**
 * The mod-bridge path captures through the same fenced capture: when a group's fence never comes, the
 * commands whose reply lines the game forwarded are answered, and only the rest are timed_out or unknown.
 * The game is a scripted WebSocket peer speaking the bridge protocol, answering as a 1.21.4 server does
 * (test/servers/vanilla-replies.ts); the bridge server, the channel, the probe and the capture are the real ones.
 */
import { afterEach, expect, test } from 'vitest';
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../src/bridge/protocol.js';
import { BridgeServer } from '../../src/bridge/server.js';
import { BridgeChannel } from '../../src/connection/bridge-channel.js';
import { ConnectionSession } from '../../src/connection/session.js';
import { executeBatch } from '../../src/execute/execute-batch.js';
import { type Reply, VanillaReplies } from '../servers/vanilla-replies.js';
import { isBatchCommand } from '../helpers/batch-commands.js';
import { until } from '../helpers/wait.js';

const TOKEN = 'exact-under-faults-token-0123456789';
const TIMEOUT_MS = 400;

const servers: BridgeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

type GameFault = 'stall' | 'leave' | 'close';

/**
 * A game in a world that answers every run frame as vanilla would, until the command `faultAt` picks comes
 * up: `stall` answers nothing more, `leave` leaves the world, `close` closes the WebSocket.
 */
async function gameWith(faultAt: (command: string) => GameFault | undefined) {
  const server = await BridgeServer.start({ port: 0, token: TOKEN });
  servers.push(server);
  const game = new WebSocket(server.url);
  await new Promise((resolve) => game.once('open', resolve));
  const send = (frame: object) => game.send(JSON.stringify(frame));
  const state = (inWorld: boolean) =>
    send({
      type: 'state',
      inWorld,
      screen: inWorld ? 'world' : 'title',
      server: null,
      player: 'Steve',
      op: true,
      minecraft: '1.21.4',
      position: null,
    });
  const replies = new VanillaReplies({ feedbackRule: 'sendCommandFeedback', snakeCaseEvents: false });
  // faults and counted fences start with the batch's first command: the capability probe at connect and the
  // batch's loaded-chunk probe before its writes (this game reads no blocks) are answered normally
  let armed = false;
  let connected = false;
  let stalled = false;
  const fences: string[] = []; // the fences the game received once armed: how many groups went out
  game.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type: string; command?: string };
    if (frame.type !== 'run' || frame.command === undefined) return;
    if (connected && isBatchCommand(frame.command)) armed = true;
    if (armed && frame.command.includes('mcbridge.fence')) fences.push(frame.command);
    if (stalled) return;
    const fault = armed ? faultAt(frame.command) : undefined;
    if (fault === 'stall') return void (stalled = true);
    if (fault === 'leave') return state(false);
    if (fault === 'close') return game.close();
    for (const reply of replies.answer(frame.command) as Array<Extract<Reply, { component: unknown }>>)
      send({ type: 'message', component: reply.component, overlay: false });
  });
  send({
    type: 'hello',
    protocol: PROTOCOL_VERSION,
    token: TOKEN,
    name: 'default',
    client: { kind: 'fabric-mod', version: 't', minecraft: '1.21.4' },
  });
  const session = await server.waitForSession('default', { timeoutMs: 60_000 });
  state(true);
  await until('the game in a world', () => session.state?.inWorld === true);
  const connection = await ConnectionSession.open(new BridgeChannel(session));
  expect(connection.capabilities).toMatchObject({ strategy: 'fenced', feedbackEnabled: true, op: true });
  connected = true;
  return { session: connection, fences };
}

const setblocks = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => `setblock ${i} 64 0 minecraft:stone`);
const at = (n: number, fault: GameFault) => (command: string) =>
  command.startsWith(`setblock ${n} 64 0 `) ? fault : undefined;

test.each([0, 1, 2, 4])(
  'bridge: a stall after %i of a group of 5: the answered ones applied, the rest timed_out',
  async (k) => {
    const { session, fences } = await gameWith(at(k, 'stall'));
    const batch = await executeBatch(session, setblocks(5), { verify: false, commandTimeoutMs: TIMEOUT_MS });
    expect(fences).toHaveLength(1);
    expect(batch.results.map((r) => r.status)).toEqual([
      ...Array<string>(k).fill('applied'),
      ...Array<string>(5 - k).fill('timed_out'),
    ]);
    for (const r of batch.results.slice(0, k))
      expect(r).toMatchObject({ applied: true, detail: { key: 'commands.setblock.success' } });
    for (const r of batch.results.slice(k)) expect(r).toMatchObject({ accepted: true, applied: null });
  },
);

test.each([
  ['the game leaves the world', 'leave'],
  ['the game closes the bridge', 'close'],
] as const)(
  'bridge: %s after 2 of a group of 5: the answered ones applied, the rest unknown',
  async (_, fault) => {
    const { session } = await gameWith(at(2, fault));
    const batch = await executeBatch(session, setblocks(5), { verify: false, commandTimeoutMs: TIMEOUT_MS });
    expect(batch.results.map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'unknown',
      'unknown',
      'unknown',
    ]);
    for (const r of batch.results.slice(2)) {
      expect(r).toMatchObject({ accepted: true, applied: null });
      expect(r.summary).toMatch(/the connection went down before the server confirmed this command/);
    }
  },
);

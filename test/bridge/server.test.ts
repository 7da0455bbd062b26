/** The bridge server's defences and lifecycle, with real sockets: token, origin, bind, heartbeats, names. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../src/bridge/protocol.js';
import { BridgeServer } from '../../src/bridge/server.js';
import { loadOrCreateBridgeToken } from '../../src/config/bridge-token.js';
import { until } from '../helpers/wait.js';

const TOKEN = 'server-test-token-0123456789';
const servers: BridgeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(extra: Partial<Parameters<typeof BridgeServer.start>[0]> = {}) {
  const s = await BridgeServer.start({ port: 0, token: TOKEN, ...extra });
  servers.push(s);
  return s;
}

const hello = (token: string, name = 'default') =>
  JSON.stringify({
    type: 'hello',
    protocol: PROTOCOL_VERSION,
    token,
    name,
    client: { kind: 'fabric-mod', version: 't', minecraft: '1.21.4' },
  });

/** Opens a socket, sends `first`, and resolves with the first frame received and the close code. */
function dial(url: string, first: string | undefined, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const frames: unknown[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(String(d))));
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  const opened = new Promise<void>((r, j) => {
    ws.on('open', () => {
      if (first) ws.send(first);
      r();
    });
    ws.on('error', j);
  });
  return { ws, frames, closed, opened };
}

describe('bridge server', () => {
  test('a wrong token is refused with an error frame and close code 4001', async () => {
    const s = await start();
    const c = dial(s.url, hello('not-the-token-at-all'));
    expect(await c.closed).toBe(4001);
    expect(c.frames[0]).toMatchObject({ type: 'error', code: 'bad_token' });
    expect(s.session()).toBeUndefined();
  });

  test('a browser Origin is refused before any hello (4003)', async () => {
    const s = await start();
    const c = dial(s.url, hello(TOKEN), { Origin: 'http://evil.example' });
    expect(await c.closed).toBe(4003);
    expect(s.session()).toBeUndefined();
  });

  test('a protocol mismatch is refused naming both versions', async () => {
    const s = await start();
    const c = dial(s.url, hello(TOKEN).replace(`"protocol":${PROTOCOL_VERSION}`, '"protocol":99'));
    expect(await c.closed).toBe(4002);
    expect(JSON.stringify(c.frames[0])).toMatch(/protocol 1, mod 99/);
  });

  test('binding beyond loopback needs an explicit opt-in', async () => {
    await expect(BridgeServer.start({ host: '0.0.0.0', port: 0, token: TOKEN })).rejects.toThrow(
      /only loopback/,
    );
  });

  test('a valid hello gets a welcome and a session; a second game for the same name is refused while the first lives', async () => {
    const s = await start();
    const first = dial(s.url, hello(TOKEN, 'mygame'));
    await first.opened;
    await s.waitForSession('mygame', { timeoutMs: 60_000 });
    await until('the welcome frame', () => first.frames.length > 0);
    expect(first.frames[0]).toMatchObject({ type: 'welcome', protocol: PROTOCOL_VERSION });
    const second = dial(s.url, hello(TOKEN, 'mygame'));
    expect(await second.closed).toBe(4009);
    expect(second.frames[0]).toMatchObject({ code: 'name_in_use' });
    expect(s.session('mygame')?.open).toBe(true);
    first.ws.close();
  });

  test('a game that stops answering heartbeats is dropped, and a new one may take its name', async () => {
    const s = await start({ heartbeatMs: 100 });
    const silent = dial(s.url, hello(TOKEN));
    const session = await s.waitForSession('default', { timeoutMs: 60_000 });
    const reason = await new Promise<string>((r) => session.once('close', r));
    expect(reason).toMatch(/heartbeat/);
    expect(await silent.closed).toBe(4008);
    const next = dial(s.url, hello(TOKEN));
    await s.waitForSession('default', { timeoutMs: 60_000 });
    next.ws.close();
  });

  test('a game that kept talking while the companion was busy is not dropped when the companion wakes', async () => {
    // The game runs in a process of its own, as the mod runs in the player's game: its frames reach this
    // process's socket while this event loop is held by work, and wait there unread.
    const s = await start({ heartbeatMs: 100 });
    const dir = mkdtempSync(join(tmpdir(), 'mcbridge-busy-'));
    const blocking = join(dir, 'blocking');
    const sent = join(dir, 'sent');
    const game = spawn(
      process.execPath,
      [fileURLToPath(new URL('../helpers/talking-game.mjs', import.meta.url)), s.url, TOKEN, blocking, sent],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, BRIDGE_PROTOCOL: String(PROTOCOL_VERSION) },
      },
    );
    const lines: string[] = [];
    createInterface({ input: game.stdout }).on('line', (l) => lines.push(l));
    const session = await s.waitForSession('default', { timeoutMs: 60_000 });
    const dropped = new Promise<string>((r) => session.once('close', r));
    // hold this loop: until the game has put a frame on the socket after the hold began, and for longer than
    // the three missed beats after which a silent game is dropped
    writeFileSync(blocking, 'now');
    const heldFrom = Date.now();
    while (!existsSync(sent) || Date.now() - heldFrom < 4 * 100) {
      // busy, as a long synchronous stretch of work is
    }
    // two more beats after waking; the game counts the pings the companion sends it
    const pingsAtWake = lines.filter((l) => l === 'ping').length;
    const outcome = await Promise.race([
      dropped.then((reason) => `dropped: ${reason}`),
      until('two beats after waking', () => lines.filter((l) => l === 'ping').length >= pingsAtWake + 2).then(
        () => 'kept',
      ),
    ]);
    expect(outcome).toBe('kept');
    expect(session.open).toBe(true);
    game.kill();
    await new Promise((r) => game.once('exit', r));
  });

  test('regression: a ping that arrives after the session was dropped is not answered and does not throw', async () => {
    const s = await start();
    const game = dial(s.url, hello(TOKEN));
    const session = await s.waitForSession('default', { timeoutMs: 60_000 });
    session.close(4008, 'dropped by the test');
    // what the socket's message handler does with a frame still in flight while the socket closes
    expect(() => session.receive(JSON.stringify({ type: 'ping', t: 1 }))).not.toThrow();
    expect(await game.closed).toBe(4008);
    expect(game.frames.some((f) => (f as { type?: string }).type === 'pong')).toBe(false);
  });

  test('500 commands sent at once reach the game whole: one run frame each, in order', async () => {
    const s = await start();
    const game = dial(s.url, hello(TOKEN));
    await game.opened;
    const session = await s.waitForSession('default', { timeoutMs: 60_000 });
    game.ws.send(
      JSON.stringify({
        type: 'state',
        inWorld: true,
        screen: 'world',
        server: null,
        player: 'Steve',
        op: null,
        minecraft: '1.21.4',
        position: null,
      }),
    );
    await until('the game in a world', () => session.state?.inWorld === true);
    const commands = Array.from({ length: 500 }, (_, i) => `setblock ${i} 64 0 minecraft:stone`);
    const seqs = commands.map((command) => session.runCommand(command));
    const runs = () => game.frames.filter((f) => (f as { type?: string }).type === 'run');
    await until('500 run frames at the game', () => runs().length === commands.length);
    expect(runs()).toEqual(commands.map((command, i) => ({ type: 'run', seq: seqs[i], command })));
    game.ws.close();
  });

  test('waiting for a game that never comes says how to connect one', async () => {
    const s = await start();
    await expect(s.waitForSession('nobody', { timeoutMs: 100 })).rejects.toThrow(
      /no game is connected for "nobody".*mcbridge mod/,
    );
  });
});

describe('bridge token', () => {
  test('generated on first run into the config dir with 0600, then read back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcbridge-token-'));
    const env = { XDG_CONFIG_HOME: dir };
    const first = await loadOrCreateBridgeToken({ env });
    expect(first.created).toBe(true);
    expect(first.path).toBe(join(dir, 'mcbridge', 'bridge-token'));
    expect(statSync(first.path!).mode & 0o777).toBe(0o600);
    const again = await loadOrCreateBridgeToken({ env });
    expect(again).toMatchObject({ token: first.token, created: false });
  });

  test('a flag or MCBRIDGE_BRIDGE_TOKEN wins; a short one is refused', async () => {
    await expect(
      loadOrCreateBridgeToken({ env: { MCBRIDGE_BRIDGE_TOKEN: 'x'.repeat(20) } }),
    ).resolves.toMatchObject({ token: 'x'.repeat(20) });
    await expect(loadOrCreateBridgeToken({ token: 'short', env: {} })).rejects.toThrow(/too short/);
  });
});

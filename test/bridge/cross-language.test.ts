/**
 * Cross-language contract: the Java core of mod-bridge (mod-bridge/core) against the REAL TypeScript bridge
 * server. No Minecraft client can run here, so a small Java main (ReplayGame, in the core's test sources)
 * stands in for the game: its GameAdapter answers each command with vanilla-shaped components, while
 * everything between it and the companion is the mod's real BridgeClient. Needs javac and Gson: missing
 * ones fail the test with the apt-get line, never skip it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebSocketServer } from 'ws';
import { BridgeServer } from '../../src/bridge/server.js';
import { bridgeTarget } from '../../src/connection/bridge-target.js';
import type { ConnectionSession } from '../../src/connection/session.js';
import type { ConnectionTarget } from '../../src/connection/target.js';
import { executeBatch } from '../../src/execute/execute-batch.js';
import { defaultSafetyConfig, parseSafetyConfig } from '../../src/safety/config.js';

const CORE = join(import.meta.dirname, '../../mod-bridge/core');
const GSON = '/usr/share/java/gson.jar';
const INSTALL = 'apt-get install junit5 libgoogle-gson-java (and a JDK 17: openjdk-17-jdk-headless)';
const TOKEN = 'cross-language-token-0123456789';

let classes: string;
let bridge: BridgeServer;
let target: ConnectionTarget;
let session: ConnectionSession;
const children: ChildProcess[] = [];

function javaSources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? javaSources(p) : p.endsWith('.java') ? [p] : [];
  });
}

/** Compiles the core and ReplayGame (no JUnit needed for these). */
function compileJava(): string {
  try {
    execFileSync('javac', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new Error(`javac is not installed; the Java bridge contract test needs it: ${INSTALL}`);
  }
  if (!existsSync(GSON)) throw new Error(`${GSON} is missing: ${INSTALL}`);
  const out = mkdtempSync(join(tmpdir(), 'mcbridge-java-'));
  const sources = [
    ...javaSources(join(CORE, 'src/main/java')),
    join(CORE, 'src/test/java/dev/mcbridge/core/ReplayGame.java'),
  ];
  execFileSync('javac', ['--release', '17', '-encoding', 'UTF-8', '-cp', GSON, '-d', out, ...sources], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return out;
}

interface Game {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startGame(args: Record<string, string>): Game {
  const argv = Object.entries(args).flatMap(([k, v]) => [`--${k}`, v]);
  const child = spawn('java', ['-cp', `${classes}:${GSON}`, 'dev.mcbridge.core.ReplayGame', ...argv], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout!.on('data', (d) => (text += String(d)));
  child.stderr!.on('data', (d) => (text += String(d)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => text, exited };
}

const safety = parseSafetyConfig({ allow: [...defaultSafetyConfig.allow, 'frobnicate'] }, 'test config');
const run = (commands: string[]) => executeBatch(session, commands, { safety });

beforeAll(async () => {
  classes = compileJava();
  // a heartbeat short enough that the test below sees several, long enough that a JVM starved by a busy machine
  // never misses three in a row (at 500 ms, one starved for 1.5 s was dropped and every test after it failed)
  bridge = await BridgeServer.start({ port: 0, token: TOKEN, heartbeatMs: 2000 });
  startGame({ url: bridge.url, token: TOKEN, name: 'java', player: 'ReplayPlayer' });
  target = bridgeTarget({ name: 'java', server: bridge, waitMs: 30_000 });
  session = await target.get();
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill();
  await target?.close();
  await bridge?.close();
  if (classes) rmSync(classes, { recursive: true, force: true });
});

describe('Java mod core ↔ TypeScript companion', () => {
  test('the Java client says hello as a fabric-mod and reports its state', () => {
    const s = bridge.session('java')!;
    expect(s.client).toEqual({ kind: 'fabric-mod', version: 'replay', minecraft: '1.21.4' });
    expect(s.state).toMatchObject({ inWorld: true, player: 'ReplayPlayer', op: true, minecraft: '1.21.4' });
    expect(session.info()).toMatchObject({
      backend: 'bridge',
      op: true,
      captureStrategy: 'fenced',
      feedbackEnabled: true,
      username: 'ReplayPlayer',
    });
  });

  test('executeBatch through the Java game: status and detail.key per command, fenced, verified', async () => {
    const batch = await run([
      'setblock 10 64 10 minecraft:oak_planks',
      'setblock 10 64 10 minecraft:oak_planks',
      'setblock 11 64 10 notablock',
      'frobnicate',
      'fill 0 70 0 2 71 2 minecraft:stone',
      'fill 0 70 0 2 71 2 minecraft:stone',
    ]);
    expect(batch.captureStrategy).toBe('fenced');
    expect(batch.results.map((r) => [r.status, r.detail?.key])).toEqual([
      ['applied', 'commands.setblock.success'],
      ['rejected_by_game', 'commands.setblock.failed'],
      ['rejected_by_game', 'argument.block.id.invalid'],
      ['rejected_by_game', 'command.unknown.command'],
      ['applied', 'commands.fill.success'],
      ['rejected_by_game', 'commands.fill.failed'],
    ]);
    expect(batch.results[0]!.chatMessages).toEqual(['Changed the block at 10, 64, 10']);
    expect(batch.results[1]!.detail?.noChange).toBe(true);
    expect(batch.results[3]!.chatMessages).toHaveLength(2);
    expect(batch.results[0]!.verification?.status).toBe('verified');
    expect(batch.results[4]!.verification?.status).toBe('verified');
    // fence lines are forwarded to the companion but never attributed to a command
    expect(JSON.stringify(batch.results.map((r) => r.chatMessages))).not.toMatch(/mcbridge\.fence/);
  });

  test('a long pipelined batch keeps its order: every command gets its own reply', async () => {
    const commands = Array.from(
      { length: 400 },
      (_, i) => `setblock ${i % 20} ${80 + Math.floor(i / 20)} 5 minecraft:${i % 2 ? 'glass' : 'stone'}`,
    );
    const batch = await run(commands);
    expect(batch.results.every((r) => r.status === 'applied')).toBe(true);
    batch.results.forEach((r, i) =>
      expect(r.chatMessages).toEqual([`Changed the block at ${i % 20}, ${80 + Math.floor(i / 20)}, 5`]),
    );
  });

  test('read_blocks: one key per position, x fastest then z then y, "unloaded" beyond the loaded chunks', async () => {
    await run(['setblock 1 90 0 minecraft:gold_block', 'setblock 0 90 1 minecraft:dirt']);
    const s = bridge.session('java')!;
    expect(await s.readBlocks({ x: 0, y: 90, z: 0 }, { x: 1, y: 91, z: 1 })).toEqual([
      'minecraft:air',
      'minecraft:gold_block',
      'minecraft:dirt',
      'minecraft:air',
      'minecraft:air',
      'minecraft:air',
      'minecraft:air',
      'minecraft:air',
    ]);
    expect(await s.readBlocks({ x: 256, y: 0, z: 0 }, { x: 257, y: 0, z: 0 })).toEqual([
      'minecraft:air',
      'unloaded',
    ]);
  });

  test('heartbeats: the Java client answers pings, so the companion keeps it across many intervals', async () => {
    const s = bridge.session('java')!;
    const id = s.id;
    // 3 missed intervals of 2 s drop a silent game. Wait on events, not a clock: every heartbeat first
    // checks the session is fresh, then pings it; five pings sent to the same session = five checks passed
    const before = s.lastSeen;
    const send = s.send.bind(s);
    const pings = await new Promise<number>((resolve) => {
      let count = 0;
      s.send = (message) => {
        send(message);
        if (message.type === 'ping' && ++count === 5) {
          s.send = send;
          resolve(count);
        }
      };
    });
    expect(pings).toBe(5);
    expect(s.lastSeen).toBeGreaterThan(before);
    expect(bridge.session('java')?.id).toBe(id);
    expect((await run(['setblock 3 64 3 minecraft:dirt'])).results[0]!.status).toBe('applied');
  });

  test('a wrong token is refused and the Java client stops for good (no retry loop)', async () => {
    const game = startGame({ url: bridge.url, token: 'not-the-right-token-at-all', name: 'intruder' });
    expect(await game.exited).toBe(3);
    expect(game.output()).toMatch(/stopped: wrong token/);
    expect(game.output().match(/connecting:/g)).toHaveLength(1);
    expect(bridge.session('intruder')).toBeUndefined();
  });

  test('a browser Origin is refused for the Java client too (4003), and it stops', async () => {
    const game = startGame({ url: bridge.url, token: TOKEN, name: 'browser', origin: 'http://evil.example' });
    expect(await game.exited).toBe(3);
    expect(game.output()).toMatch(/stopped: .*Origin/);
    expect(bridge.session('browser')).toBeUndefined();
  });

  test('the Java client sends no Origin header of its own', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((r) => wss.once('listening', r));
    const headers = new Promise<Record<string, unknown>>((resolve) =>
      wss.once('connection', (socket, request) => {
        resolve({ ...request.headers });
        socket.close(4001, 'wrong token');
      }),
    );
    const port = (wss.address() as { port: number }).port;
    const game = startGame({ url: `ws://127.0.0.1:${port}`, token: TOKEN, name: 'probe' });
    const seen = await headers;
    expect(await game.exited).toBe(3);
    await new Promise((r) => wss.close(r));
    expect(seen['origin']).toBeUndefined();
    expect(seen['upgrade']).toBe('websocket');
  });
});

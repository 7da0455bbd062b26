/**
 * The embedded world: flying-squid + the vanilla-parity plugin, in a child process so that a crash in the
 * world can never take the MCP server down.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WorldCrashedError, WorldStartError } from '../vocabulary/errors.js';
import type { ParentToWorld, WorldMemory, WorldProcessOptions, WorldToParent } from './ipc.js';
import { PAPER_DEFAULTS, type PaperLikeOptions } from './paper-like.js';
import type { VanillaSpamOptions } from './vanilla-spam.js';
import type { TemplateSource } from './templates.js';
import { answerTemplateRequest } from './templates-over-ipc.js';

export const EMBEDDED_VERSION = '1.21.4';

export interface StartWorldOptions {
  /** default 127.0.0.1 */
  host?: string;
  /** default 0: an ephemeral port */
  port?: number;
  /** default 1.21.4 (flying-squid serves up to 1.21.4) */
  version?: string;
  /** players made operators whenever they join */
  ops?: string[];
  viewDistance?: number;
  /** where the world's own log lines go (default: dropped) */
  log?: (line: string) => void;
  /** default 20 s */
  startTimeoutMs?: number;
  /** default true; false starts stock flying-squid (no vanilla-parity plugin), for foreign-server tests */
  parity?: boolean;
  /**
   * Tests and bench only (never a user default): announce brand `Paper` and kick like Paper's packet
   * limiter (default 500 packets/s over 7 s).
   */
  paperLike?: boolean | Partial<PaperLikeOptions>;
  /** tests only (never a user default): kick like vanilla's command spam kick (vanilla-spam.ts) */
  vanillaSpam?: VanillaSpamOptions;
  /** what `place template minecraft:<name>` places (default: none, so every template is unknown) */
  templates?: TemplateSource;
}

export interface WorldHandle extends EventEmitter {
  readonly host: string;
  readonly port: number;
  readonly version: string;
  readonly pid: number;
  /** Makes `name` an operator now and whenever it joins again. */
  op(name: string): Promise<void>;
  deop(name: string): Promise<void>;
  /** Stops the world; resolves when the process is gone and the port is free. */
  stop(): Promise<void>;
  /** Whether the process is running. */
  readonly running: boolean;
  /** test hook: make the world process throw, as a flying-squid bug would */
  simulateCrash(): void;
  /** Disconnects a player with `reason`, as an admin's /kick would. */
  kick(name: string, reason: string): void;
  /** The world process's memory as it sees it (bench and diagnostics). */
  memory(): Promise<WorldMemory>;
  /**
   * Resolves once `name` is in and its client holds every chunk of its view: the world has none left to
   * send it and the client has acknowledged every batch (with the parity plugin; without it, once the
   * player is in). After a join the chunks stream in for seconds; the bench's first call waits for this, so
   * that it measures mcbridge's cold start and not the join's chunk stream. It waits as long as the player
   * stays away, and rejects if the world exits first.
   */
  viewDelivered(name: string): Promise<void>;
}

/**
 * V8's young generation may grow to two 16 MB semi-spaces; the world's allocation rate never needs them, and
 * once grown they stay resident. Capped at 4 MB each the world's RSS with a bot drops by ~25 MB for the same
 * CPU per command (`npm run bench -- --world`; 1 and 2 MB cost more promotions into the old space).
 */
const WORLD_V8_FLAGS = ['--max-semi-space-size=4'];
/**
 * glibc gives threads that allocate their own malloc arenas (V8's GC and compiler threads, libuv's pool);
 * with two, fewer freed chunk-packet buffers stay resident (~5 MB with a bot, `npm run bench -- --world`).
 * Other C libraries ignore it; a value the user set wins.
 */
const worldEnv = () => ({ MALLOC_ARENA_MAX: process.env['MALLOC_ARENA_MAX'] ?? '2' });

/**
 * Bench only: `MCBRIDGE_WORLD_NODE_FLAGS` adds node flags to the world process (`--cpu-prof`, which
 * NODE_OPTIONS refuses; `npm run bench:profile`).
 */
const benchNodeFlags = (): string[] =>
  process.env['MCBRIDGE_WORLD_NODE_FLAGS']?.split(' ').filter(Boolean) ?? [];

function childEntry(): { script: string; execArgv: string[] } {
  const js = fileURLToPath(new URL('./world-process.js', import.meta.url));
  if (existsSync(js)) return { script: js, execArgv: [] };
  // running from TypeScript sources (tests, development): load them through tsx
  return {
    script: fileURLToPath(new URL('./world-process.ts', import.meta.url)),
    execArgv: ['--import', 'tsx'],
  };
}

class EmbeddedWorld extends EventEmitter implements WorldHandle {
  host = '';
  port = 0;
  version: string;
  private exited = false;
  private readonly exitPromise: Promise<void>;

  constructor(
    private readonly child: ChildProcess,
    version: string,
  ) {
    super();
    this.version = version;
    this.exitPromise = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exited = true;
        this.emit('exit', { code, signal });
        resolve();
      }),
    );
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }
  get running(): boolean {
    return !this.exited;
  }

  private request(message: ParentToWorld): void {
    if (this.exited || !this.child.connected)
      throw new WorldCrashedError('the embedded world is not running');
    this.child.send(message);
  }

  op(name: string): Promise<void> {
    return this.setOp({ type: 'op', name });
  }
  deop(name: string): Promise<void> {
    return this.setOp({ type: 'deop', name });
  }
  private async setOp(message: { type: 'op' | 'deop'; name: string }): Promise<void> {
    await this.ask(message, (m) => (m.type === 'op-done' && m.name === message.name ? true : undefined));
  }

  memory(): Promise<WorldMemory> {
    return this.ask({ type: 'memory' }, (m) => (m.type === 'memory' ? m.memory : undefined));
  }

  async viewDelivered(name: string): Promise<void> {
    const lower = name.toLowerCase();
    await this.ask({ type: 'view-delivered', name }, (m) =>
      m.type === 'view-delivered' && m.name === lower ? true : undefined,
    );
  }

  /** Sends `message` and resolves with the first reply `pick` recognises; rejects if the world exits first. */
  private ask<T>(message: ParentToWorld, pick: (m: WorldToParent) => T | undefined): Promise<T> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: WorldToParent) => {
        const answer = pick(m);
        if (answer !== undefined) done(() => resolve(answer));
      };
      const onExit = () => done(() => reject(new WorldCrashedError('the embedded world exited')));
      const done = (fn: () => void) => {
        this.child.off('message', onMessage);
        this.off('exit', onExit);
        fn();
      };
      this.child.on('message', onMessage);
      this.once('exit', onExit);
      try {
        this.request(message);
      } catch (err) {
        done(() => reject(err));
      }
    });
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    // a world killed a moment ago may still look connected: its broken pipe is no error here
    if (this.child.connected) this.child.send({ type: 'stop' } satisfies ParentToWorld, () => undefined);
    const kill = setTimeout(() => this.child.kill('SIGKILL'), 3000);
    await this.exitPromise;
    clearTimeout(kill);
  }

  simulateCrash(): void {
    this.request({ type: 'simulate-crash' });
  }

  kick(name: string, reason: string): void {
    this.request({ type: 'kick', name, reason });
  }
}

/**
 * How long the embedded world may take to accept players before it is given up. The world is our own child
 * process and says when it fails, so this bound catches a hang, not a slow machine: on a two-core machine
 * with both cores busy a healthy start took over 20 s, and a world killed at 20 s is started again on the
 * next call, into the same wait. `$MCBRIDGE_WORLD_START_TIMEOUT_MS` overrides it.
 */
export const DEFAULT_WORLD_START_TIMEOUT_MS = 120_000;

/** Starts an embedded world and resolves once it accepts players. */
export async function startWorld(options: StartWorldOptions = {}): Promise<WorldHandle> {
  const processOptions: WorldProcessOptions = {
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    version: options.version ?? EMBEDDED_VERSION,
    ops: options.ops ?? [],
    viewDistance: options.viewDistance ?? 4,
    motd: 'mcbridge embedded world',
    parity: options.parity ?? true,
    ...(options.paperLike
      ? { paperLike: { ...PAPER_DEFAULTS, ...(options.paperLike === true ? {} : options.paperLike) } }
      : {}),
    ...(options.vanillaSpam ? { vanillaSpam: options.vanillaSpam } : {}),
  };
  const { script, execArgv } = childEntry();
  const child = fork(script, [], {
    execArgv: [...execArgv, ...WORLD_V8_FLAGS, ...benchNodeFlags()],
    env: { ...process.env, ...worldEnv(), MCBRIDGE_WORLD_OPTIONS: JSON.stringify(processOptions) },
    // the child's stdout must never reach ours: our stdout may be the MCP channel
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const log = options.log ?? (() => {});
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line.trim()) log(line);
    });
  }
  const world = new EmbeddedWorld(child, processOptions.version);
  child.on('message', (m: WorldToParent) => {
    if (m.type === 'crashed')
      world.emit('crash', new WorldCrashedError(`the embedded world crashed: ${m.message}`));
    else if (m.type === 'player-joined' || m.type === 'player-left') world.emit(m.type, m.name);
    else if (m.type === 'template-request')
      void answerTemplateRequest(options.templates, m).then((answer) => {
        if (child.connected) child.send(answer satisfies ParentToWorld, () => undefined);
      });
  });

  const timeoutMs =
    options.startTimeoutMs ??
    (Number(process.env['MCBRIDGE_WORLD_START_TIMEOUT_MS']) || DEFAULT_WORLD_START_TIMEOUT_MS);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(() =>
        reject(new WorldStartError('TIMEOUT', `the embedded world did not start within ${timeoutMs} ms`)),
      );
    }, timeoutMs);
    const onMessage = (m: WorldToParent) => {
      if (m.type === 'ready') {
        world.host = m.host;
        world.port = m.port;
        finish(resolve);
      } else if (m.type === 'start-failed') {
        finish(() => reject(startError(m.code, m.message, processOptions)));
      }
    };
    const onExit = (code: number | null) =>
      finish(() =>
        reject(new WorldStartError('EXITED', `the embedded world exited during start (code ${code})`)),
      );
    const finish = (fn: () => void) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      fn();
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
  return world;
}

function startError(code: string, message: string, o: WorldProcessOptions): WorldStartError {
  if (code === 'EADDRINUSE') {
    return new WorldStartError(
      code,
      `port ${o.port} on ${o.host} is already in use`,
      'choose another --port, or 0 for any free port',
    );
  }
  if (code === 'UNSUPPORTED_VERSION') {
    return new WorldStartError(
      code,
      message,
      `the embedded world runs Minecraft ${EMBEDDED_VERSION}: leave its version unset`,
    );
  }
  return new WorldStartError(code, `the embedded world could not start: ${message}`);
}

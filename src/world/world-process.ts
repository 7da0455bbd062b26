/**
 * Entry point of the embedded world's child process. flying-squid exits the process on any uncaught
 * exception, so it never runs inside the MCP server: the parent talks to this process over IPC.
 */
import { createRequire } from 'node:module';
import type { ParentToWorld, WorldProcessOptions, WorldToParent } from './ipc.js';
import type { FlyingSquidPlayer, FlyingSquidServer } from './parity/flying-squid-types.js';
import { installParity } from './parity/index.js';
import { componentToNbt } from './parity/nbt.js';
import { worldMemory } from './memory.js';
import { installPaperLike } from './paper-like.js';
import { installVanillaSpam } from './vanilla-spam.js';
import { installServerOnlyProtocol } from './server-only-protocol.js';
import { lightAsBytesPackets } from './parity/light-bytes.js';
import { TemplatesOverIpc } from './templates-over-ipc.js';
import { registerVanillaFlat } from './vanilla-flat.js';
import { splitFramesWithoutThrowing } from '../vocabulary/frames.js';

const require = createRequire(import.meta.url);

function send(message: WorldToParent): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, undefined, () => resolve());
  });
}

const log = (line: string) => process.stderr.write(`[world] ${line}\n`);

async function crash(err: unknown): Promise<never> {
  const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
  log(`crashed: ${message}`);
  await send({ type: 'crashed', message });
  process.exit(70);
}

function main(): void {
  // the parent is gone: nothing else can stop this process. A parent that went away while this process was
  // still loading (a host that closes serve as it starts) fired 'disconnect' before anyone listened.
  process.on('disconnect', () => process.exit(0));
  if (!process.connected) process.exit(0);
  const options = JSON.parse(process.env['MCBRIDGE_WORLD_OPTIONS'] ?? '{}') as WorldProcessOptions;
  const ops = new Set(options.ops.map((n) => n.toLowerCase()));
  process.on('uncaughtException', (err) => void crash(err));
  process.on('unhandledRejection', (err) => void crash(err));

  installServerOnlyProtocol();
  const customPackets = lightAsBytesPackets(options.version);
  const flyingSquid = require('flying-squid') as { createMCServer(o: object): FlyingSquidServer };
  let serv: FlyingSquidServer;
  try {
    serv = flyingSquid.createMCServer({
      motd: options.motd,
      host: options.host,
      port: options.port,
      'max-players': 20,
      'online-mode': false,
      // logging would open a readline prompt on stdin/stdout
      logging: false,
      gameMode: 1,
      difficulty: 0,
      // vanilla's default superflat: grass at y -61, players stand at -60
      generation: { name: registerVanillaFlat(), options: {} },
      kickTimeout: 30_000,
      plugins: {},
      modpe: false,
      // flying-squid needs >= 3, or bot.waitForChunksToLoad() never finishes
      'view-distance': Math.max(3, options.viewDistance),
      'player-list-text': { header: { text: 'mcbridge embedded world' }, footer: { text: '' } },
      'everybody-op': false,
      // summoned entities count too (vanilla has no such cap)
      'max-entities': 5000,
      version: options.version,
      // chunk light written as bytes (parity/light-bytes.ts); the same bytes on the wire
      ...(customPackets ? { customPackets } : {}),
      // any debug function switches off flying-squid's own handler, which calls process.exit
      debug: () => {},
    });
  } catch (err) {
    void send({ type: 'start-failed', code: 'UNSUPPORTED_VERSION', message: (err as Error).message }).then(
      () => process.exit(2),
    );
    return;
  }

  const templates = new TemplatesOverIpc((message) => void send(message));
  const parity = options.parity
    ? installParity(serv, {
        version: options.version,
        viewDistance: Math.max(3, options.viewDistance),
        log,
        templates,
      })
    : undefined;

  if (options.paperLike) installPaperLike(serv, options.paperLike, log);
  if (options.vanillaSpam) installVanillaSpam(serv, options.vanillaSpam, log);

  const applyOp = (player: FlyingSquidPlayer) => {
    if (ops.has(player.username.toLowerCase())) player.op = true;
  };
  const spawned = new Set<FlyingSquidPlayer>();
  serv.on('newPlayer', (player: FlyingSquidPlayer) => {
    // the player's connection splits frames without an exception per read (vocabulary/frames.ts)
    splitFramesWithoutThrowing(player._client as unknown as { splitter?: unknown });
    // flying-squid resets op during login, after newPlayer: apply it again once the player is in
    player.once('spawned', () => {
      applyOp(player);
      spawned.add(player);
      void send({ type: 'player-joined', name: player.username });
    });
    player.once('disconnected', () => {
      spawned.delete(player);
      void send({ type: 'player-left', name: player.username });
    });
  });

  // names whose parent waits for their view: looked at each tick, after the chunks went out
  const viewWaiters = new Set<string>();
  const viewDelivered = (lower: string): boolean => {
    const player = [...spawned].find((p) => p.username.toLowerCase() === lower);
    // stock flying-squid sends its chunks its own way: being in is all that can be said
    return !!player && (parity ? parity.chunks.viewDelivered(player) : true);
  };
  serv.on('tick', () => {
    for (const lower of viewWaiters) {
      if (!viewDelivered(lower)) continue;
      viewWaiters.delete(lower);
      void send({ type: 'view-delivered', name: lower });
    }
  });

  serv.on('error', (err: NodeJS.ErrnoException) => {
    const code = err.code ?? 'SERVER_ERROR';
    void send({ type: 'start-failed', code, message: err.message }).then(() => process.exit(3));
  });
  serv.on('listening', () => {
    void send({
      type: 'ready',
      host: options.host,
      port: serv.listeningPort ?? options.port,
      version: options.version,
    });
  });

  process.on('message', (message: ParentToWorld) => {
    if (message.type === 'op' || message.type === 'deop') {
      const lower = message.name.toLowerCase();
      if (message.type === 'op') ops.add(lower);
      else ops.delete(lower);
      const online = serv.players.find((p) => p.username.toLowerCase() === lower);
      if (online) online.op = message.type === 'op';
      void send({ type: 'op-done', name: message.name, online: Boolean(online) });
    } else if (message.type === 'stop') {
      void serv.destroy().finally(() => process.exit(0));
      setTimeout(() => process.exit(0), 2000).unref();
    } else if (message.type === 'kick') {
      const player = serv.players.find((p) => p.username.toLowerCase() === message.name.toLowerCase());
      if (player) {
        player._client.write('kick_disconnect', { reason: componentToNbt({ text: message.reason }) });
        player._client.end(message.reason);
      }
    } else if (message.type === 'template') {
      templates.answer(message);
    } else if (message.type === 'view-delivered') {
      viewWaiters.add(message.name.toLowerCase());
    } else if (message.type === 'memory') {
      void send({ type: 'memory', memory: worldMemory(parity?.chunks.stats(serv.overworld)) });
    } else if (message.type === 'simulate-crash') {
      setImmediate(() => {
        throw new Error('simulated crash inside the world process');
      });
    }
  });
}

main();

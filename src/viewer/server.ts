/**
 * The live 3D viewer's web server: the page, prismarine-viewer's browser files, a socket.io feed of the
 * bot's world (chunks, block updates, entities, the bot's position) through prismarine-viewer's WorldView,
 * and `/status` (server-sent events) telling pages which bot they see. Loopback only unless allowed.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { Bot } from 'mineflayer';
import { Server as SocketServer, type Socket } from 'socket.io';
import { McbridgeError } from '../vocabulary/errors.js';
import {
  assetVersionFor,
  PACKAGE_DIR,
  patchedIndexScript,
  patchedWorkerScript,
  PUBLIC_DIR,
  requireLiveViewer,
} from './assets.js';
import { type BotEntities, type EntityEvent, shownEntity } from './entities.js';
import type { BotFeed, FeedState } from './bot-feed.js';
import { checkViewerHost } from './host.js';
import { viewerPage } from './page.js';
import { translator } from './translate.js';

const require = createRequire(import.meta.url);
interface WorldViewLike {
  init(pos: unknown): Promise<void>;
  listenToBot(bot: Bot): void;
  removeListenersFromBot(bot: Bot): void;
  updatePosition(pos: unknown): Promise<void>;
}
const { WorldView } = require(join(PACKAGE_DIR, 'viewer', 'lib', 'worldView.js')) as {
  WorldView: new (world: unknown, viewDistance: number, pos: unknown, emitter: Emitter) => WorldViewLike;
};

type Emitter = Pick<Socket, 'emit' | 'on'>;

/** The socket, or for a server newer than the page's assets a socket that re-encodes block ids first. */
function emitterFor(socket: Socket, serverVersion: string, shown: string): Emitter {
  if (serverVersion === shown) return socket;
  let t: ReturnType<typeof translator>;
  try {
    t = translator(serverVersion, shown);
  } catch {
    return socket; // no block data for one of the versions: send as is (the page says it may be wrong)
  }
  return {
    on: socket.on.bind(socket),
    emit(event: string, data?: unknown) {
      try {
        if (event === 'loadChunk') {
          const d = data as { x: number; z: number; chunk: string };
          return socket.emit(event, { ...d, chunk: t.column(d.chunk) });
        }
        if (event === 'blockUpdate') {
          const d = data as { pos: unknown; stateId: number };
          return socket.emit(event, { ...d, stateId: t.stateId(d.stateId) });
        }
      } catch {
        // fall through: an untranslated chunk beats a hole in the world
      }
      return socket.emit(event, data);
    },
  } as Emitter;
}

function withShownEntities(bot: Bot, emitter: Emitter): Emitter {
  return {
    on: emitter.on.bind(emitter),
    emit(event: string, data?: unknown) {
      if (event !== 'entity') return emitter.emit(event, data);
      return emitter.emit(event, shownEntity(bot as unknown as BotEntities, data as EntityEvent));
    },
  } as Emitter;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

export interface ViewerOptions {
  feed: BotFeed;
  host?: string;
  /** 0 = any free port */
  port?: number;
  /** binding to anything but loopback must be asked for (`--viewer-allow-remote`) */
  allowRemote?: boolean;
  /** chunks around the bot sent to the page (default 4: a 128-block square) */
  viewDistance?: number;
}

export interface ViewerHandle {
  url: string;
  close(): Promise<void>;
}

export interface ViewerStatus {
  generation: number;
  connected: boolean;
  reason?: string;
  server?: string;
  shown?: string;
  substituted?: boolean;
  username?: string;
  position?: string;
}

export function viewerStatus(state: FeedState): ViewerStatus {
  const { bot } = state;
  if (!bot) return { generation: state.generation, connected: false, reason: state.reason ?? 'no bot' };
  const { shown, substituted } = assetVersionFor(bot.version);
  const p = bot.entity?.position;
  return {
    generation: state.generation,
    connected: true,
    server: bot.version,
    shown,
    substituted,
    username: bot.username,
    ...(p ? { position: `${Math.floor(p.x)} ${Math.floor(p.y)} ${Math.floor(p.z)}` } : {}),
  };
}

/** Throws unless `host` is loopback or a remote host was allowed. */
export async function startViewer(options: ViewerOptions): Promise<ViewerHandle> {
  const host = options.host ?? '127.0.0.1';
  checkViewerHost(host, options.allowRemote);
  requireLiveViewer();
  const { feed } = options;
  const viewDistance = options.viewDistance ?? 4;
  const statusStreams = new Set<ServerResponse>();
  const http = createServer((req, res) => handle(req, res, feed, statusStreams));
  const io = new SocketServer(http, { path: '/socket.io', serveClient: false });
  const detachers = new Map<Socket, () => void>();

  io.on('connection', (socket) => {
    const { bot } = feed.current();
    if (!bot?.entity) {
      socket.disconnect(true);
      return;
    }
    detachers.set(socket, attach(socket, bot, viewDistance));
    socket.on('disconnect', () => {
      detachers.get(socket)?.();
      detachers.delete(socket);
    });
  });
  const unsubscribe = feed.onChange((state) => {
    // pages reload on the new generation and reconnect; the old bot's listeners go now
    const sockets = [...detachers];
    detachers.clear();
    for (const [socket, detach] of sockets) {
      detach();
      socket.disconnect(true);
    }
    const line = `data: ${JSON.stringify(viewerStatus(state))}\n\n`;
    for (const res of statusStreams) res.write(line);
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new McbridgeError(`viewer port ${options.port} is in use`, {
              remedy: 'choose another --viewer-port, or 0 for any free port',
            })
          : err,
      ),
    );
    http.listen(options.port ?? 0, host, resolve);
  });
  const { port } = http.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/`,
    async close() {
      unsubscribe();
      for (const res of statusStreams) res.end();
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      await closeHttp(http);
    },
  };
}

/** Streams the bot's world to one page; returns what undoes it. */
function attach(socket: Socket, bot: Bot, viewDistance: number): () => void {
  const { shown } = assetVersionFor(bot.version);
  socket.emit('version', shown);
  const view = new WorldView(
    bot.world,
    viewDistance,
    bot.entity.position,
    withShownEntities(bot, emitterFor(socket, bot.version, shown)),
  );
  void view.init(bot.entity.position);
  // a yaw without a pitch: the page orbits around the bot instead of looking through its eyes
  const position = () => {
    socket.emit('position', { pos: bot.entity.position, yaw: bot.entity.yaw, addMesh: true });
    void view.updatePosition(bot.entity.position);
  };
  position();
  bot.on('move', position);
  view.listenToBot(bot);
  let attached = true;
  return () => {
    if (!attached) return;
    attached = false;
    bot.off('move', position);
    view.removeListenersFromBot(bot);
  };
}

function handle(
  req: IncomingMessage,
  res: ServerResponse,
  feed: BotFeed,
  streams: Set<ServerResponse>,
): void {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://viewer').pathname);
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'GET only');
  if (path === '/' || path === '/index.html') return send(res, 200, 'text/html; charset=utf-8', viewerPage());
  if (path === '/index.js') return send(res, 200, TYPES['.js']!, patchedIndexScript());
  if (path === '/worker.js') return send(res, 200, TYPES['.js']!, patchedWorkerScript());
  // the page names an inline icon; a browser that asks anyway gets an empty answer, not a 404
  if (path === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
  if (path === '/status') {
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    res.write(`data: ${JSON.stringify(viewerStatus(feed.current()))}\n\n`);
    streams.add(res);
    req.on('close', () => streams.delete(res));
    return;
  }
  const file = normalize(join(PUBLIC_DIR, path));
  if (!file.startsWith(PUBLIC_DIR + sep)) return send(res, 404, 'text/plain', 'not found');
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return send(res, 404, 'text/plain', 'not found');
    size = stat.size;
  } catch {
    return send(res, 404, 'text/plain', 'not found');
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': size,
    'cache-control': 'max-age=3600',
  });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file).pipe(res);
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

function closeHttp(http: Server): Promise<void> {
  http.closeAllConnections();
  return new Promise((resolve) => http.close(() => resolve()));
}

/**
 * The headless bridge peer: speaks the mod's protocol, but runs commands through a mineflayer bot. It is
 * what proves the bridge path end to end where no Minecraft client can run, and a way to drive a server
 * through a companion on another machine.
 */
import type { Socket } from 'node:net';
import type { Bot } from 'mineflayer';
import { Vec3 } from 'vec3';
import WebSocket from 'ws';
import { trimChatHistoryCheaply } from '../connection/chat-history.js';
import { readSystemComponents } from '../connection/system-lines.js';
import { McbridgeError } from '../vocabulary/errors.js';
import { Coalescer } from '../connection/frames.js';
import { splitFramesWithoutThrowing } from '../vocabulary/frames.js';
import { type BridgeState, CompanionToModSchema, PROTOCOL_VERSION } from '../bridge/protocol.js';

export interface BridgePeerOptions {
  /** e.g. ws://127.0.0.1:25580 */
  url: string;
  token: string;
  /** connection name to serve (default "default") */
  name?: string;
  bot: Bot;
  /** server address to report (default: the bot's host:port) */
  server?: string;
}

export interface BridgePeer {
  /** the companion's session id */
  session: string;
  /** drops the socket, as a crashed game would (test hook) */
  drop(): void;
  close(): Promise<void>;
}

const stateKey = (name: string, props: Record<string, unknown>) => {
  const entries = Object.entries(props)
    .map(([k, v]) => [k, String(v)] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return entries.length
    ? `minecraft:${name}[${entries.map(([k, v]) => `${k}=${v}`).join(',')}]`
    : `minecraft:${name}`;
};

export async function startBridgePeer(options: BridgePeerOptions): Promise<BridgePeer> {
  const { bot } = options;
  trimChatHistoryCheaply(bot);
  splitFramesWithoutThrowing(bot._client as unknown as { splitter?: unknown });
  const socket = new WebSocket(options.url, { perMessageDeflate: false });
  // the frames, and the game's packets, written in one tick leave in one write each, as the bot channel's do
  let transport: Socket | undefined;
  socket.once('upgrade', (response) => {
    transport = response.socket;
  });
  const writes = new Coalescer(() => transport);
  const gameWrites = new Coalescer(() => (bot._client as unknown as { socket?: Socket }).socket);
  const send = (message: object) => {
    if (socket.readyState !== WebSocket.OPEN) return;
    writes.hold();
    socket.send(JSON.stringify(message));
  };
  const state = (): BridgeState => {
    const e = bot.entity;
    return {
      type: 'state',
      inWorld: Boolean(e),
      screen: e ? 'world' : 'connecting',
      server: options.server ?? null,
      player: bot.username ?? null,
      op: null,
      minecraft: bot.version,
      // vanilla angles: mineflayer keeps radians with yaw 0 = north
      position: e
        ? {
            x: e.position.x,
            y: e.position.y,
            z: e.position.z,
            yaw: (((180 - (e.yaw * 180) / Math.PI) % 360) + 360) % 360,
            pitch: (-e.pitch * 180) / Math.PI,
          }
        : null,
    };
  };

  // a block's key depends on its state only: built once per state, not from a Block object per position
  const keys = new Map<number, string>();
  const keyAt = (pos: Vec3): string => {
    if (!bot.world.getColumnAt(pos)) return 'unloaded';
    const key = keys.get(bot.world.getBlockStateId(pos));
    if (key !== undefined) return key;
    const block = bot.blockAt(pos);
    if (!block) return 'unloaded';
    const made = stateKey(block.name, block.getProperties());
    keys.set(block.stateId, made);
    return made;
  };

  const onEnd = () => send({ ...state(), inWorld: false, screen: 'title', position: null });
  const onMove = () => send(state());

  const welcome = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new McbridgeError(`no welcome from ${options.url}`)), 10_000);
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(new McbridgeError(`cannot reach the companion at ${options.url}: ${err.message}`));
    });
    socket.once('close', (code, reason) => {
      clearTimeout(timer);
      reject(new McbridgeError(`the companion closed the bridge (${code}: ${String(reason)})`));
    });
    socket.once('open', () =>
      send({
        type: 'hello',
        protocol: PROTOCOL_VERSION,
        token: options.token,
        name: options.name ?? 'default',
        client: { kind: 'headless-peer', version: '1', minecraft: bot.version },
      }),
    );
    socket.on('message', (raw) => {
      let message;
      try {
        message = CompanionToModSchema.parse(JSON.parse(String(raw)));
      } catch {
        return;
      }
      switch (message.type) {
        case 'welcome':
          clearTimeout(timer);
          resolve(message.session);
          break;
        case 'run':
          if (!bot.entity) {
            send({ type: 'refused', seq: message.seq, reason: 'not in a world' });
            break;
          }
          gameWrites.hold();
          bot.chat(`/${message.command}`);
          send({ type: 'sent', seq: message.seq });
          break;
        case 'read_blocks': {
          const states: string[] = [];
          const { from, to } = message;
          for (let y = Math.min(from.y, to.y); y <= Math.max(from.y, to.y); y++)
            for (let z = Math.min(from.z, to.z); z <= Math.max(from.z, to.z); z++)
              for (let x = Math.min(from.x, to.x); x <= Math.max(from.x, to.x); x++)
                states.push(keyAt(new Vec3(x, y, z)));
          send({ type: 'blocks', id: message.id, states });
          break;
        }
        case 'ping':
          send({ type: 'pong', t: message.t });
          break;
        default:
          break;
      }
    });
  });

  // the game's lines as a mod would forward them (players' chat is not the game's feedback)
  const stopLines = readSystemComponents(bot, (component, overlay) =>
    send({ type: 'message', component, overlay }),
  );
  bot.on('end', onEnd);
  bot.on('forcedMove', onMove);
  send(state());
  const heartbeat = setInterval(() => send({ type: 'ping', t: Date.now() }), 5000);
  heartbeat.unref();
  socket.on('close', () => {
    clearInterval(heartbeat);
    stopLines();
    bot.off('end', onEnd);
    bot.off('forcedMove', onMove);
  });

  return {
    session: welcome,
    drop: () => socket.terminate(),
    close: async () => {
      if (socket.readyState === WebSocket.CLOSED) return;
      const closed = new Promise((r) => socket.once('close', r));
      socket.close(1000, 'peer closing');
      await closed;
    },
  };
}

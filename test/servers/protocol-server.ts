/**
 * A Minecraft server at any protocol minecraft-protocol speaks (26.2 through the overlay, 26.1, 1.20.1…), for tests: it lets one
 * bot log in (offline, loopback, ephemeral port), spawns it, and answers its commands with
 * VanillaReplies in the version's encoding — JSON strings before 1.20.3, NBT from 1.20.3 on. Replies
 * given as a captured packet are written byte for byte. Not a world: there are no chunks or blocks.
 */
import { readFileSync } from 'node:fs';
import type { Server as NetServer } from 'node:net';
import mc from 'minecraft-protocol';
// 26.2 is minecraft-data's 26.1 plus the overlay's changed layouts; the server speaks it as the bot does
import { overlayFor } from '../../src/connection/protocol-overlay.js';
import { componentNbt } from './component-nbt.js';
import { type Reply, VanillaReplies, type ReplyOptions } from './vanilla-replies.js';

const SESSION_ID = '00000000-0000-4000-8000-000000000262';

export interface ProtocolServer {
  port: number;
  version: string;
  /** every command received, in order */
  commands: string[];
  /** the protocol number each player announced in its handshake */
  joinedWith: number[];
  close(): Promise<void>;
}

interface ServerVersion {
  nbtComponents: boolean;
  replies: ReplyOptions;
}

const VERSIONS: Readonly<Record<string, ServerVersion>> = {
  '1.19.4': {
    nbtComponents: false,
    replies: { feedbackRule: 'sendCommandFeedback', snakeCaseEvents: false },
  },
  '1.20.1': {
    nbtComponents: false,
    replies: { feedbackRule: 'sendCommandFeedback', snakeCaseEvents: false },
  },
  '26.1': { nbtComponents: true, replies: { feedbackRule: 'send_command_feedback', snakeCaseEvents: true } },
  '26.2': { nbtComponents: true, replies: { feedbackRule: 'send_command_feedback', snakeCaseEvents: true } },
};

export interface ProtocolServerOptions {
  /** packets (raw files, packet id first) to send back instead of the normal answer to a command */
  replay?: (command: string) => readonly string[] | undefined;
}

export async function startProtocolServer(
  version: string,
  options: ProtocolServerOptions = {},
): Promise<ProtocolServer> {
  const spec = VERSIONS[version];
  if (!spec) throw new Error(`no test server profile for ${version}`);
  const server = mc.createServer({ 'online-mode': false, host: '127.0.0.1', port: 0, version });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const commands: string[] = [];
  if (overlayFor(version)) {
    // minecraft-protocol's server writes login success itself (src/server/login.js), without 26.2's session id
    server.on('connection', (client) => {
      const write = client.write.bind(client);
      client.write = (name: string, params: unknown) =>
        write(name, name === 'success' ? { ...(params as object), sessionId: SESSION_ID } : params);
    });
  }
  // minecraft-data is a dependency of minecraft-protocol; its login packet carries the registries
  const mcData = (await import('minecraft-data')).default(version) as unknown as {
    loginPacket: Record<string, unknown>;
  };
  const joinedWith: number[] = [];
  server.on('playerJoin', (client) => {
    joinedWith.push(client.protocolVersion);
    const replies = new VanillaReplies(spec.replies);
    client.write('login', {
      ...mcData.loginPacket,
      enforceSecureChat: false,
      onlineMode: false,
      entityId: 1,
      isHardcore: false,
      gameMode: 1,
      maxPlayers: 1,
      viewDistance: 2,
      reducedDebugInfo: false,
      enableRespawnScreen: true,
      isDebug: false,
      isFlat: true,
    });
    // 1.21.2+ adds a velocity and writes the relative flags as a bit set
    client.write('position', {
      teleportId: 1,
      x: 0,
      y: 64,
      z: 0,
      dx: 0,
      dy: 0,
      dz: 0,
      yaw: 0,
      pitch: 0,
      flags: spec.nbtComponents ? {} : 0,
    });
    // mineflayer announces `spawn` on the first update_health with health > 0
    client.write('update_health', { health: 20, food: 20, foodSaturation: 5 });
    const send = (reply: Reply) => {
      if ('capture' in reply) {
        client.writeRaw(readFileSync(reply.capture));
        return;
      }
      const content = spec.nbtComponents ? componentNbt(reply.component) : JSON.stringify(reply.component);
      client.write('system_chat', { content, isActionBar: false });
    };
    client.on('chat_command', (packet: { command: string }) => {
      commands.push(packet.command);
      const replayed = options.replay?.(packet.command);
      if (replayed) for (const capture of replayed) send({ capture });
      else for (const reply of replies.answer(packet.command)) send(reply);
    });
  });
  const port = ((server as unknown as { socketServer: NetServer }).socketServer.address() as { port: number })
    .port;
  return {
    port,
    version,
    commands,
    joinedWith,
    close: () =>
      new Promise<void>((resolve) => {
        (server as unknown as { socketServer: NetServer }).socketServer.once('close', () => resolve());
        server.close();
      }),
  };
}

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
import type { TextComponent } from '../../src/vocabulary/text/message.js';
import { type Reply, VanillaReplies, type ReplyOptions } from './vanilla-replies.js';

const SESSION_ID = '00000000-0000-4000-8000-000000000262';

export interface ProtocolServer {
  port: number;
  version: string;
  /** every command received, in order */
  commands: string[];
  /** the protocol number each player announced in its handshake */
  joinedWith: number[];
  /** a stalled server goes on: the rest of the stalled command's answer, then every command held since */
  resume(): void;
  close(): Promise<void>;
}

/**
 * What goes wrong as a command comes up (`fault` option). `stall`: the server thread hangs after sending the
 * first `lines` of this command's answer (default none); this command's rest and every later command wait for
 * `resume()`. `kick`: an operator kicks the player before this command runs. `drop`: the connection ends
 * before it runs, without a word. `others`: before this command's answer, another player's chat
 * (player_chat) and the copy an op gets of another op's command (chat.type.admin). `line`: a system line
 * before this command's answer (another op's `tellraw @a`).
 */
export type Fault =
  | { kind: 'stall'; lines?: number }
  | { kind: 'kick'; reason: string }
  | { kind: 'drop' }
  | { kind: 'others' }
  | { kind: 'line'; component: TextComponent };

interface ServerVersion {
  nbtComponents: boolean;
  replies: ReplyOptions;
}

const VERSIONS: Readonly<Record<string, ServerVersion>> = {
  '1.21.4': {
    nbtComponents: true,
    replies: { feedbackRule: 'sendCommandFeedback', snakeCaseEvents: false },
  },
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
  /** what goes wrong as `command` comes up, if anything */
  fault?: (command: string) => Fault | undefined;
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
  const stalled: Array<() => void> = [];
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
    const component = (c: TextComponent) => (spec.nbtComponents ? componentNbt(c) : JSON.stringify(c));
    /** ChatListener's player chat: an unsigned message of another player, as the "chat" chat type */
    const otherPlayerChat = () =>
      client.write('player_chat', {
        globalIndex: 0,
        senderUuid: '00000000-0000-4000-8000-00000000a11c',
        index: 0,
        plainMessage: 'hello from Alice',
        timestamp: BigInt(Date.now()),
        salt: 0n,
        previousMessages: [],
        filterType: 0,
        type: { chatType: 0 },
        networkName: component({ text: 'Alice' }),
      });
    let held: string[] | undefined; // while stalled: the commands the server thread has not reached
    let rest: Reply[] = []; // the stalled command's lines not yet sent
    const run = (command: string) => {
      if (held) return void held.push(command);
      const replayed = options.replay?.(command);
      const answer = replayed ? replayed.map((capture) => ({ capture })) : replies.answer(command);
      const fault = options.fault?.(command);
      // the server's end(reason, fullReason) writes kick_disconnect with the full reason (src/server.js)
      const end = client.end as (reason: string, fullReason: unknown) => void;
      if (fault?.kind === 'kick') return end(fault.reason, component({ text: fault.reason }));
      if (fault?.kind === 'drop') return void client.socket.destroy();
      if (fault?.kind === 'others') {
        otherPlayerChat();
        send({
          component: {
            translate: 'chat.type.admin',
            color: 'gray',
            italic: true,
            with: ['Admin', { translate: 'commands.setblock.success', with: [9, 9, 9] }],
          },
        });
      }
      if (fault?.kind === 'line') send({ component: fault.component });
      if (fault?.kind === 'stall') {
        const lines = fault.lines ?? 0;
        for (const reply of answer.slice(0, lines)) send(reply);
        rest = answer.slice(lines);
        held = [];
        return;
      }
      for (const reply of answer) send(reply);
    };
    stalled.push(() => {
      const waiting = held ?? [];
      held = undefined;
      for (const reply of rest.splice(0)) send(reply);
      for (const command of waiting) run(command);
    });
    client.on('chat_command', (packet: { command: string }) => {
      commands.push(packet.command);
      run(packet.command);
    });
  });
  const port = ((server as unknown as { socketServer: NetServer }).socketServer.address() as { port: number })
    .port;
  return {
    port,
    version,
    commands,
    joinedWith,
    resume: () => {
      for (const go of stalled) go();
    },
    close: () =>
      new Promise<void>((resolve) => {
        (server as unknown as { socketServer: NetServer }).socketServer.once('close', () => resolve());
        server.close();
      }),
  };
}

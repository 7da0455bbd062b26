/** A command channel through a mineflayer bot. */
// first: Microsoft sign-in and Realms code load only when used (it is ~20 MB)
import './deferred-sign-in.js';
import type { CommandNode } from '../suggest/tree.js';
import { commandTreeOf, watchCommandTree } from './command-tree.js';
import { EventEmitter } from 'node:events';
import mineflayer, { type Bot } from 'mineflayer';
import type { CapturedMessage } from '../vocabulary/text/message.js';
import type { ExecutorPosition } from '../commands/block-write.js';
import { ConnectError, NotConnectedError } from '../vocabulary/errors.js';
import type { JavaSession } from '../signin/microsoft.js';
import { sessionAuth } from '../signin/session-auth.js';
import { botWorldView, TeleportWatch } from './bot-place.js';
import type { Backend, BlockStateView, CommandChannel, WorldView } from './channel.js';
import { watchBrand } from './brand.js';
import { CommandCounter } from './command-counter.js';
import { kickReason, readableReason } from './kicks.js';
import { countWrites, PacketLog } from './packet-log.js';
import { readSystemLines } from './system-lines.js';
import { StateIdReader } from './state-reads.js';
import { Coalescer } from './frames.js';
import { splitFramesWithoutThrowing } from '../vocabulary/frames.js';
import { dropLight, parseWithoutLight } from './no-light.js';
import { leanBlockChanges } from './lean-block-changes.js';
import { trimChatHistoryCheaply } from './chat-history.js';
import type { Socket } from 'node:net';
import type { Box } from '../vocabulary/blocks/box.js';
import { columnsToWaitFor, viewColumnsToWaitFor, waitForColumns } from './chunk-arrival.js';
import { botSpeaks } from './server-version.js';
import { overlayFor, overlayParseFailureNote } from './protocol-overlay.js';
import { detectVersion, joined } from './bot-join.js';

export interface MineflayerOptions {
  host: string;
  port: number;
  username: string;
  /** false or undefined: detect from the server */
  version?: string | false;
  auth?: 'offline' | 'microsoft';
  /** a Microsoft session signed in ahead (see src/signin): joins with it instead of signing in here */
  session?: JavaSession;
  /** default 20 s, or `$MCBRIDGE_SPAWN_TIMEOUT_MS` (the test suite's longer bound for a busy machine) */
  spawnTimeoutMs?: number;
  backend?: Backend;
}

/** How long a bot may take from connecting to spawning before the connection is given up. */
export const DEFAULT_SPAWN_TIMEOUT_MS = 20_000;

export class MineflayerChannel implements CommandChannel {
  readonly backend: Backend;
  private readonly events = new EventEmitter();
  private closedReason: string | undefined;
  private readonly teleports: TeleportWatch;
  /** commands sent in one tick leave in one socket write */
  private readonly outgoing: Coalescer;
  readonly commandCounter = new CommandCounter();
  private readonly states: StateIdReader;
  /**
   * 1.20.5+ without a chat session to sign with: a command is the unsigned `chat_command` packet, the
   * command text alone (vanilla's ServerboundChatCommandPacket), written straight to the connection.
   * mineflayer's way there (chat plugin, minecraft-protocol's `_signedChat`) builds a timestamp, a salt
   * and the acknowledgements of a signed packet per command and then drops them; a bot that can sign
   * (a Microsoft session with profile keys) and older versions still go that way.
   */
  private readonly unsignedCommands: boolean;

  private constructor(
    readonly bot: Bot,
    readonly server: string,
    backend: Backend,
    readonly packetLog: PacketLog,
    private readonly brand: { value?: string },
  ) {
    this.backend = backend;
    this.events.setMaxListeners(0);
    this.teleports = new TeleportWatch(bot);
    this.states = new StateIdReader(bot);
    const client = bot._client as unknown as { profileKeys?: unknown; _session?: unknown };
    this.unsignedCommands =
      bot.supportFeature('seperateSignedChatCommandPacket') && !(client.profileKeys && client._session);
    trimChatHistoryCheaply(bot);
    splitFramesWithoutThrowing(bot._client as unknown as { splitter?: unknown });
    this.outgoing = new Coalescer(() => (bot._client as unknown as { socket?: Socket }).socket);
    readSystemLines(bot, (message) => this.events.emit('message', message));
    const down = (reason: string) => {
      if (this.closedReason !== undefined) return;
      this.closedReason = reason;
      this.events.emit('close', reason);
    };
    bot.on('kicked', (reason) => down(kickReason(readableReason(reason))));
    bot.on('end', (reason) => down(`disconnected: ${reason || 'connection closed'}`));
    bot.on('error', (err) =>
      down(`connection error: ${err.message}${overlayParseFailureNote(bot.version, err.message)}`),
    );
  }

  static async connect(options: MineflayerOptions): Promise<MineflayerChannel> {
    const server = `${options.host}:${options.port}`;
    const timeoutMs =
      options.spawnTimeoutMs ??
      (Number(process.env['MCBRIDGE_SPAWN_TIMEOUT_MS']) || DEFAULT_SPAWN_TIMEOUT_MS);
    const startedAt = Date.now();
    // detecting the version: read it from the status ping first, and refuse before joining what the bot
    // cannot speak; the version found is passed on, so minecraft-protocol does not ping a second time
    const version = options.version || (await detectVersion(options.host, options.port, server, timeoutMs));
    let bot: Bot;
    try {
      bot = mineflayer.createBot({
        host: options.host,
        port: options.port,
        username: options.username,
        auth: options.session
          ? (sessionAuth(options.session) as unknown as 'microsoft')
          : (options.auth ?? 'offline'),
        version,
        hideErrors: true,
        // physics would make the bot fall and move between commands; a builder bot stands still
        physicsEnabled: false,
        checkTimeoutInterval: 60_000,
      });
      watchCommandTree(bot);
      dropLight(bot._client as unknown as Parameters<typeof dropLight>[0]);
      parseWithoutLight(bot._client as unknown as Parameters<typeof parseWithoutLight>[0], version);
      leanBlockChanges(bot);
    } catch (err) {
      // mineflayer throws at once for versions it has no data for
      throw new ConnectError(
        'unsupported_version',
        `${server}: ${(err as Error).message}`,
        `the bot speaks ${botSpeaks()}; leave --version out to detect the server's`,
      );
    }
    // counted from the first packet: a server's limiter counts the whole connection
    const packetLog = new PacketLog();
    countWrites(bot._client as unknown as Parameters<typeof countWrites>[0], packetLog);
    const brand: { value?: string } = {};
    watchBrand(bot._client as unknown as Parameters<typeof watchBrand>[0], (b) => {
      brand.value = b;
    });
    await joined(bot, server, timeoutMs, startedAt);
    return new MineflayerChannel(bot, server, options.backend ?? 'mineflayer', packetLog, brand);
  }

  get version(): string {
    return this.bot.version;
  }
  get username(): string {
    return this.bot.username;
  }
  /** set on versions the bot speaks through its protocol overlay without established block states */
  get blockReadsOff(): string | undefined {
    return overlayFor(this.bot.version)?.blockReadsOff;
  }
  get connected(): boolean {
    return this.closedReason === undefined;
  }
  serverBrand(): string | undefined {
    const known = (this.bot.game as { serverBrand?: unknown } | undefined)?.serverBrand;
    return typeof known === 'string' && known !== '' ? known : this.brand.value;
  }

  sendCommand(command: string): void {
    if (this.closedReason !== undefined)
      throw new NotConnectedError(`not connected to ${this.server} (${this.closedReason})`);
    this.outgoing.hold();
    if (this.unsignedCommands) this.bot._client.write('chat_command', { command });
    else this.bot.chat(`/${command}`);
    this.commandCounter.record();
  }

  onMessage(listener: (message: CapturedMessage) => void): () => void {
    this.events.on('message', listener);
    return () => this.events.off('message', listener);
  }

  onClose(listener: (reason: string) => void): () => void {
    this.events.on('close', listener);
    return () => this.events.off('close', listener);
  }

  commandTree(): CommandNode | undefined {
    return commandTreeOf(this.bot);
  }

  executorPosition(): ExecutorPosition | undefined {
    const e = this.bot.entity;
    if (!e) return undefined;
    // mineflayer keeps radians with its own zero; vanilla yaw 0 = south, pitch -90 = up
    const yaw = (((180 - (e.yaw * 180) / Math.PI) % 360) + 360) % 360;
    return { x: e.position.x, y: e.position.y, z: e.position.z, yaw, pitch: (-e.pitch * 180) / Math.PI };
  }

  onTeleport(listener: () => void): () => void {
    return this.teleports.on(listener);
  }

  worldView(): WorldView {
    return botWorldView(this.bot);
  }

  /** Blocks are local to the bot; a box whose chunks the server is still sending is waited for. */
  async prepareRead(boxes: readonly Box[]): Promise<void> {
    await waitForColumns(this.bot, columnsToWaitFor(this.bot, boxes));
  }

  awaitView(bounds: { quietMs: number; maxMs: number }): Promise<void> {
    return waitForColumns(this.bot, viewColumnsToWaitFor(this.bot), bounds);
  }

  readBlock(pos: { x: number; y: number; z: number }): BlockStateView | 'unloaded' {
    return this.states.readBlock(pos);
  }

  async close(): Promise<void> {
    if (this.closedReason !== undefined) return;
    const ended = new Promise<void>((resolve) => this.bot.once('end', () => resolve()));
    this.bot.quit();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([ended, new Promise((r) => (timer = setTimeout(r, 2000)))]);
    // a pending timer would keep a CLI process alive for 2 s after its work is done
    clearTimeout(timer);
  }
}

/** Connection targets from options: a server through a mineflayer bot, or an embedded world of our own. */
import type { Logger } from '../vocabulary/logger.js';
import { StructureStore } from '../structures/store.js';
import {
  DEFAULT_WORLD_START_TIMEOUT_MS,
  startWorld,
  type TemplateSource,
  type WorldHandle,
} from '../world/index.js';
import { MicrosoftSignIn } from '../signin/microsoft.js';
import { MineflayerChannel } from './mineflayer.js';
import type { CommandSpamSetting } from './command-throttle.js';
import type { PacketLimitSetting } from './server-limits.js';
import { ConnectionTarget } from './target.js';

export interface MineflayerTargetOptions {
  name?: string;
  host: string;
  port: number;
  username: string;
  version?: string | false;
  auth?: 'offline' | 'microsoft';
  /** for auth 'microsoft': the sign-in to use (default: prismarine-auth, tokens under mcbridge's state dir) */
  signIn?: MicrosoftSignIn;
  /** the operator's packet limit (absent: by the server's brand) */
  packetLimit?: PacketLimitSetting;
  /** the server's command-spam-threshold-seconds, as the operator says (absent: the server's default) */
  commandSpamThreshold?: CommandSpamSetting;
  /** how long to wait for the bot to spawn (default 20 s, or `$MCBRIDGE_SPAWN_TIMEOUT_MS`) */
  spawnTimeoutMs?: number;
}

export function mineflayerTarget(o: MineflayerTargetOptions): ConnectionTarget {
  const signIn =
    o.auth === 'microsoft' ? (o.signIn ?? new MicrosoftSignIn({ account: o.username })) : undefined;
  const target = new ConnectionTarget(
    {
      name: o.name ?? 'default',
      backend: 'mineflayer',
      server: `${o.host}:${o.port}`,
      ...(o.packetLimit ? { packetLimit: o.packetLimit } : {}),
      ...(o.commandSpamThreshold ? { commandSpamThreshold: o.commandSpamThreshold } : {}),
    },
    async () =>
      MineflayerChannel.connect({
        host: o.host,
        port: o.port,
        username: o.username,
        ...(o.version ? { version: o.version } : {}),
        ...(o.spawnTimeoutMs ? { spawnTimeoutMs: o.spawnTimeoutMs } : {}),
        // the sign-in answers at once: a session, or the URL and code for a person (never a wait)
        ...(signIn ? { session: await signIn.ready() } : {}),
      }),
  );
  if (signIn) target.attachSignIn(signIn);
  return target;
}

export interface EmbeddedTargetOptions {
  name?: string;
  username: string;
  /** fixed port for the world (default: ephemeral) */
  port?: number;
  log?: Logger;
  /** called once the world is up, with its address (e.g. to print it for a human to join) */
  onWorldStarted?: (world: WorldHandle) => void;
  /** the operator's packet limit (absent: by the server's brand) */
  packetLimit?: PacketLimitSetting;
  /** the world's command-spam-threshold-seconds, as the operator says (absent: its default) */
  commandSpamThreshold?: CommandSpamSetting;
  /** what the world's `place template` places (default: the saved structures, as save_structure writes them) */
  templates?: TemplateSource;
}

/** An embedded world started on first use; the bot is made an operator of it. */
export function embeddedTarget(o: EmbeddedTargetOptions): ConnectionTarget {
  let world: WorldHandle | undefined;
  let starting: Promise<WorldHandle> | undefined;
  let stopping = false;
  const ensureWorld = async () => {
    if (world?.running) return world;
    starting ??= startWorld({
      ops: [o.username],
      templates: o.templates ?? new StructureStore(),
      ...(o.port !== undefined ? { port: o.port } : {}),
      ...(o.log ? { log: (line: string) => o.log?.debug({ world: line }) } : {}),
    }).finally(() => {
      starting = undefined;
    });
    world = await starting;
    const started = world;
    let crash: string | undefined;
    started.on('crash', (err: Error) => {
      crash = err.message;
      o.log?.error({ err }, 'embedded world crashed');
    });
    started.on('exit', ({ code, signal }: { code: number | null; signal: string | null }) => {
      if (stopping) return;
      const how = crash ?? `exit code ${code ?? '–'}${signal ? `, signal ${signal}` : ''}`;
      target.tell(
        'world_stopped',
        'error',
        `the embedded world stopped (${how}); the next tool call starts it again`,
      );
    });
    o.onWorldStarted?.(world);
    return world;
  };
  const target = new ConnectionTarget(
    {
      name: o.name ?? 'default',
      backend: 'embedded',
      server: 'embedded world',
      ...(o.packetLimit ? { packetLimit: o.packetLimit } : {}),
      ...(o.commandSpamThreshold ? { commandSpamThreshold: o.commandSpamThreshold } : {}),
    },
    async () => {
      const w = await ensureWorld();
      return MineflayerChannel.connect({
        host: w.host,
        port: w.port,
        username: o.username,
        // the world is ours and local: a slow spawn is a busy machine, not a server gone (as for its start)
        spawnTimeoutMs: Number(process.env['MCBRIDGE_SPAWN_TIMEOUT_MS']) || DEFAULT_WORLD_START_TIMEOUT_MS,
        version: w.version,
        backend: 'embedded',
      });
    },
    async () => {
      stopping = true;
      await world?.stop();
      world = undefined;
      stopping = false;
    },
  );
  return target;
}

/** `mcbridge serve`: the MCP server, over stdio (default) or Streamable HTTP. */
import type { Command } from 'commander';
import { UndoRegistry } from '../batch/undo.js';
import { BridgeServer, DEFAULT_BRIDGE_PORT } from '../bridge/server.js';
import { loadOrCreateBridgeToken } from '../config/bridge-token.js';
import { loadOrCreateHttpToken } from '../config/http-token.js';
import { loadCompanionConfig } from '../config/load.js';
import { targetsFromConfig } from '../config/targets-from-config.js';
import { bridgeTarget } from '../connection/bridge-target.js';
import { Targets } from '../connection/targets.js';
import { JobManager } from '../jobs/manager.js';
import { logger } from '../vocabulary/logger.js';
import type { HttpHandle } from '../mcp/http.js';
import { McbridgeTaskStore } from '../mcp/task-store.js';
import { publishListenNews } from '../mcp/resources/listen-news.js';
import { createServer } from '../mcp/server.js';
import { LineStdioServerTransport } from '../mcp/stdio-transport.js';
import { ResultPages } from '../results/pages.js';
import { StructureStore } from '../structures/store.js';
import { loadSafetyConfig } from '../safety/config.js';
import { EMBEDDED_VERSION } from '../world/index.js';
import {
  addConnectionOptions,
  commandSpamOf,
  type ConnectionFlags,
  targetFromFlags,
} from './connection-options.js';
import {
  callStarted,
  startupOver,
  useLeanHeap,
  whenCheckedBetweenCalls,
  youngGenerationMb,
} from './lean-heap.js';
import { logNews } from './log-news.js';
import { count, days, listenPort, minutes } from './numbers.js';
import { rewarmBetweenCalls, startWarmUp } from './serve-warm-up.js';
import { claimStdoutForProtocol } from './stdout-guard.js';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { addViewerOptions, startViewerFromFlags, type ViewerFlags } from './viewer-options.js';

interface ServeFlags extends ConnectionFlags, ViewerFlags {
  config?: string;
  bridge: boolean;
  bridgeHost: string;
  bridgePort: number;
  bridgeToken?: string;
  bridgeAllowRemote: boolean;
  http: boolean;
  httpHost?: string;
  httpPort?: number;
  httpToken?: string;
  httpAllowRemote: boolean;
  httpAllowOrigin: string[];
  httpIdleMinutes?: number;
  httpMaxSessions?: number;
  jobsDir?: string;
  jobMaxAgeDays: number;
  jobAutoResume: boolean;
}

export function registerServeCommand(program: Command): void {
  addViewerOptions(
    addConnectionOptions(
      program
        .command('serve')
        .description('run the MCP server (stdio by default; --http for Streamable HTTP)'),
    ),
  )
    .option(
      '--config <path>',
      'companion config with named connections (default: $MCBRIDGE_CONFIG; see docs/configuration.md)',
    )
    .option(
      '--bridge',
      'drive the player’s own game through the mcbridge mod instead of a bot (see mod-bridge/README.md)',
      false,
    )
    .option('--bridge-host <host>', 'address the bridge listens on', '127.0.0.1')
    .option('--bridge-port <port>', 'port the bridge listens on', listenPort, DEFAULT_BRIDGE_PORT)
    .option(
      '--bridge-token <token>',
      'bridge token (default: $MCBRIDGE_BRIDGE_TOKEN, else the token file, created on first run)',
    )
    .option('--bridge-allow-remote', 'allow a non-loopback --bridge-host (the token still applies)', false)
    .option('--http', 'serve MCP over Streamable HTTP at http://127.0.0.1:8787/mcp instead of stdio', false)
    .option('--http-host <host>', 'address for --http (default 127.0.0.1)')
    .option('--http-port <port>', 'port for --http (default 8787; 0 = any free port)', listenPort)
    .option(
      '--http-token <token>',
      'bearer token for --http (default: $MCBRIDGE_HTTP_TOKEN, else the token file, created on first run)',
    )
    .option('--http-allow-remote', 'allow a non-loopback --http-host (the token still applies)', false)
    .option(
      '--http-allow-origin <origin>',
      'a browser origin (besides pages on this machine) that may call --http, with the token; repeatable',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option(
      '--http-idle-minutes <n>',
      'an --http session without a request for this long ends (default 30)',
      minutes,
    )
    .option(
      '--http-max-sessions <n>',
      '--http sessions open at once; at the limit a new client ends the least recently used idle session (default 64)',
      count,
    )
    .option(
      '--jobs-dir <path>',
      'build job journals (default: $MCBRIDGE_JOBS_DIR, $XDG_STATE_HOME/mcbridge/jobs or ~/.local/state/mcbridge/jobs)',
    )
    .option('--job-max-age-days <n>', 'build jobs older than this expire', days, 30)
    .option('--no-job-auto-resume', 'do not resume interrupted build jobs by themselves')
    .action(async (flags: ServeFlags) => {
      // main.ts applied them already when `serve` came first on the command line; applying them again is harmless
      const heapFlags = useLeanHeap();
      logger.debug({ flags: heapFlags }, heapFlags.length ? 'lean heap' : "V8's default heap settings");
      const config = await loadCompanionConfig(flags.config);
      let bridge: BridgeServer | undefined;
      let targets: Targets;
      if (config) {
        ({ targets, bridge } = await targetsFromConfig(config, {
          log: logger,
          allowRemoteBridge: flags.bridgeAllowRemote,
          ...(flags.bridgeToken ? { bridgeToken: flags.bridgeToken } : {}),
        }));
      } else if (flags.bridge) {
        const token = await loadOrCreateBridgeToken(flags.bridgeToken ? { token: flags.bridgeToken } : {});
        bridge = await BridgeServer.start({
          host: flags.bridgeHost,
          port: flags.bridgePort,
          token: token.token,
          allowNonLoopback: flags.bridgeAllowRemote,
        });
        logger.info(
          { url: bridge.url, tokenFile: token.path },
          'bridge listening: start Minecraft with the mcbridge mod',
        );
        targets = new Targets([bridgeTarget({ server: bridge, ...commandSpamOf(flags) })]);
      } else {
        targets = new Targets([
          targetFromFlags(flags, (address) =>
            logger.info(`embedded world at ${address} — join it with a Minecraft 1.21.4 client to watch`),
          ),
        ]);
      }
      // connection news (sign-in codes among them) always reaches a person on stderr too
      for (const target of targets.all()) target.onNews((news) => logNews(news));
      const viewer = await startViewerFromFlags(flags, targets.get());
      // stdout is the MCP protocol: the address goes to stderr, on a line of its own
      if (viewer) process.stderr.write(`viewer: ${viewer.url}\n`);
      const safety = await loadSafetyConfig(flags.safetyConfig ?? config?.safetyConfig);
      // after each collection between calls the execute path is rehearsed again, until a call starts
      const rewarm = rewarmBetweenCalls({
        versions: () => targets.all().flatMap((target) => target.peek()?.channel.version ?? []),
        safety,
        log: logger,
      });
      whenCheckedBetweenCalls((check) => {
        if (!check.collected) return logger.trace(check, 'lean heap: left to V8 between calls');
        logger.debug(check, 'lean heap: collected between calls');
        void rewarm.collected();
      });
      const callStarting = () => {
        rewarm.callStarting();
        return callStarted();
      };
      // HTTP sessions each get a server; connections, undo history and jobs are shared
      const undo = new UndoRegistry();
      const jobs = new JobManager({
        targets,
        safety,
        undo,
        log: logger,
        maxAgeDays: flags.jobMaxAgeDays,
        autoResume: flags.jobAutoResume,
        ...(flags.jobsDir ? { dir: flags.jobsDir } : {}),
      });
      // structure files come from the structures directory and the directories the operator allows
      const structures = new StructureStore(undefined, config?.structureDirs ?? []);
      const tasks = new McbridgeTaskStore();
      // a 2026-07-28 request gets a server of its own: what a later request reads is shared by all of them
      const pages = new ResultPages();
      const makeServer = (era?: 'legacy' | 'modern') =>
        createServer({
          targets,
          log: logger,
          safety,
          jobs,
          undo,
          structures,
          tasks,
          pages,
          callStarted: callStarting,
          ...(viewer ? { viewer: { url: viewer.url, connection: viewer.connection } } : {}),
          ...(era ? { era } : {}),
        });

      let http: HttpHandle | undefined;
      let closing = false;
      const shutdown = async () => {
        if (closing) return;
        closing = true;
        await jobs.close();
        await http?.close();
        await viewer?.close();
        await targets.closeAll();
        await bridge?.close();
        process.exit(0);
      };
      process.once('SIGINT', () => void shutdown());
      process.once('SIGTERM', () => void shutdown());

      if (flags.http) {
        // loaded with --http only: an ES import of node:http builds its namespace, which on Node 24 loads
        // Node's own fetch (undici) into the heap of every serve
        const { startHttpServer } = await import('../mcp/http.js');
        const httpConfig = config?.http;
        const token = await loadOrCreateHttpToken(flags.httpToken ? { token: flags.httpToken } : {});
        http = await startHttpServer({
          host: flags.httpHost ?? httpConfig?.host ?? '127.0.0.1',
          port: flags.httpPort ?? httpConfig?.port ?? 8787,
          token: token.token,
          allowedOrigins: [...(httpConfig?.allowedOrigins ?? []), ...flags.httpAllowOrigin],
          allowNonLoopback: flags.httpAllowRemote,
          ...sessionLimits(
            flags.httpIdleMinutes ?? httpConfig?.idleMinutes,
            flags.httpMaxSessions ?? httpConfig?.maxSessions,
          ),
          makeServer: () => makeServer(),
          log: logger,
        });
        // what 2026-07-28 clients hear on subscriptions/listen: every request has a server of its own
        publishListenNews(http.notify, { jobs, structures });
        logger.info(
          { url: http.url, tokenFile: token.path },
          'mcbridge MCP server ready on Streamable HTTP (bearer token required)',
        );
      } else {
        // stdout from here on is the protocol's alone: anything else written there goes to stderr
        const transport = new LineStdioServerTransport(process.stdin, claimStdoutForProtocol());
        process.stdin.on('end', () => void shutdown());
        // both eras: the opening message (initialize, or a 2026-07-28 request) decides the connection's
        serveStdio((ctx) => makeServer(ctx.era), {
          transport,
          onerror: (err) => logger.warn({ err }, 'MCP stdio error'),
        });
        logger.info(
          { connections: targets.all().map((t) => t.description.name) },
          'mcbridge MCP server ready on stdio',
        );
      }
      jobs.init().catch((err: unknown) => logger.warn({ err }, 'build job journals could not be read'));
      // meanwhile, warm the execute path so that the first call is as fast as the next ones; once that is over,
      // so is serve's start, and the young generation may grow while calls come (lean-heap.ts)
      void startWarmUp({
        targets,
        safety,
        knownVersion: flags.version ?? (flags.embedded ? EMBEDDED_VERSION : undefined),
        log: logger,
      }).then(() => {
        startupOver();
        logger.debug({ youngGenerationMb: youngGenerationMb() }, 'lean heap: start over');
      });
    });
}

function sessionLimits(idleMinutes: number | undefined, maxSessions: number | undefined) {
  return {
    ...(idleMinutes !== undefined ? { idleTimeoutMs: idleMinutes * 60_000 } : {}),
    ...(maxSessions !== undefined ? { maxSessions } : {}),
  };
}

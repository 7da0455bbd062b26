/** `mcbridge serve`: the MCP server over stdio. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Command } from 'commander';
import { BridgeServer, DEFAULT_BRIDGE_PORT } from '../bridge/server.js';
import { loadOrCreateBridgeToken } from '../bridge/token.js';
import { bridgeTarget } from '../connection/bridge-target.js';
import type { ConnectionTarget } from '../connection/target.js';
import { Targets } from '../connection/targets.js';
import { JobManager } from '../jobs/manager.js';
import { logger } from '../logger.js';
import { createServer } from '../mcp/server.js';
import { loadSafetyConfig } from '../safety/config.js';
import { addConnectionOptions, type ConnectionFlags, targetFromFlags } from './connection-options.js';

interface ServeFlags extends ConnectionFlags {
  bridge: boolean;
  bridgeHost: string;
  bridgePort: number;
  bridgeToken?: string;
  bridgeAllowRemote: boolean;
  jobsDir?: string;
  jobMaxAgeDays: number;
  jobAutoResume: boolean;
}

export function registerServeCommand(program: Command): void {
  addConnectionOptions(
    program.command('serve').description('run the MCP server on stdio (stdout carries only MCP messages)'),
  )
    .option(
      '--bridge',
      'drive the player’s own game through the mcbridge mod instead of a bot (see mod-bridge/README.md)',
      false,
    )
    .option('--bridge-host <host>', 'address the bridge listens on', '127.0.0.1')
    .option(
      '--bridge-port <port>',
      'port the bridge listens on',
      (v) => Number.parseInt(v, 10),
      DEFAULT_BRIDGE_PORT,
    )
    .option(
      '--bridge-token <token>',
      'bridge token (default: $MCBRIDGE_BRIDGE_TOKEN, else the token file, created on first run)',
    )
    .option('--bridge-allow-remote', 'allow a non-loopback --bridge-host (the token still applies)', false)
    .option(
      '--jobs-dir <path>',
      'build job journals (default: $MCBRIDGE_JOBS_DIR, $XDG_STATE_HOME/mcbridge/jobs or ~/.local/state/mcbridge/jobs)',
    )
    .option('--job-max-age-days <n>', 'build jobs older than this expire', (v) => Number.parseInt(v, 10), 30)
    .option('--no-job-auto-resume', 'do not resume interrupted build jobs by themselves')
    .action(async (flags: ServeFlags) => {
      let bridge: BridgeServer | undefined;
      let target: ConnectionTarget;
      if (flags.bridge) {
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
        target = bridgeTarget({ server: bridge });
      } else {
        target = targetFromFlags(flags, (address) =>
          logger.info(`embedded world at ${address} — join it with a Minecraft 1.21.4 client to watch`),
        );
      }
      const targets = new Targets([target]);
      const safety = await loadSafetyConfig(flags.safetyConfig);
      const jobs = new JobManager({
        targets,
        safety,
        log: logger,
        maxAgeDays: flags.jobMaxAgeDays,
        autoResume: flags.jobAutoResume,
        ...(flags.jobsDir ? { dir: flags.jobsDir } : {}),
      });
      const server = createServer({ targets, log: logger, safety, jobs });
      const transport = new StdioServerTransport();
      let closing = false;
      const shutdown = async () => {
        if (closing) return;
        closing = true;
        await jobs.close();
        await targets.closeAll();
        await bridge?.close();
        await server.close().catch(() => {});
        process.exit(0);
      };
      transport.onclose = () => void shutdown();
      process.stdin.on('end', () => void shutdown());
      process.once('SIGINT', () => void shutdown());
      process.once('SIGTERM', () => void shutdown());
      await server.connect(transport);
      logger.info(
        { server: target.description.server, backend: target.description.backend },
        'mcbridge MCP server ready on stdio',
      );
      jobs.init().catch((err: unknown) => logger.warn({ err }, 'build job journals could not be read'));
      // connect in the background so the first tool call is fast; failures are reported by the tools
      if (!bridge) {
        target
          .get()
          .catch((err: unknown) =>
            logger.warn({ err }, 'initial connection failed; will retry on the next tool call'),
          );
      }
    });
}

/** `mcbridge serve`: the MCP server over stdio. */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Command } from 'commander';
import { Targets } from '../connection/targets.js';
import { logger } from '../logger.js';
import { createServer } from '../mcp/server.js';
import { loadSafetyConfig } from '../safety/config.js';
import { addConnectionOptions, type ConnectionFlags, targetFromFlags } from './connection-options.js';

export function registerServeCommand(program: Command): void {
  addConnectionOptions(
    program.command('serve').description('run the MCP server on stdio (stdout carries only MCP messages)'),
  ).action(async (flags: ConnectionFlags) => {
    const target = targetFromFlags(flags, (address) =>
      logger.info(`embedded world at ${address} — join it with a Minecraft 1.21.4 client to watch`),
    );
    const targets = new Targets([target]);
    const safety = await loadSafetyConfig(flags.safetyConfig);
    const server = createServer({ targets, log: logger, safety });
    const transport = new StdioServerTransport();
    let closing = false;
    const shutdown = async () => {
      if (closing) return;
      closing = true;
      await targets.closeAll();
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
    // connect in the background so the first tool call is fast; failures are reported by the tools
    target
      .get()
      .catch((err: unknown) =>
        logger.warn({ err }, 'initial connection failed; will retry on the next tool call'),
      );
  });
}

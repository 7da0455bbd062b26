/** `mcbridge world`: run the embedded world until Ctrl-C. */
import type { Command } from 'commander';
import { mineflayerTarget } from '../connection/factories.js';
import { StructureStore } from '../structures/store.js';
import { checkViewerHost } from '../viewer/host.js';
import { startWorld } from '../world/index.js';
import { listenPort } from './numbers.js';
import { addViewerOptions, startViewerFromFlags, type ViewerFlags } from './viewer-options.js';

/** the bot the viewer looks through; it only watches */
const VIEWER_BOT = 'mcbridge_viewer';

export function registerWorldCommand(program: Command): void {
  addViewerOptions(program.command('world'))
    .description(
      'start the embedded Minecraft 1.21.4 world (flying-squid + vanilla-parity plugin) and keep it running',
    )
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--port <port>', 'port (0 = any free port)', listenPort, 0)
    .option('--op <name...>', 'make these players operators whenever they join', [])
    .option('--verbose', 'print the world log on stderr', false)
    .action(async (opts: { host: string; port: number; op: string[]; verbose: boolean } & ViewerFlags) => {
      if (opts.viewerPort !== undefined) checkViewerHost(opts.viewerHost, opts.viewerAllowRemote);
      const world = await startWorld({
        host: opts.host,
        port: opts.port,
        ops: opts.op,
        // `place template minecraft:<name>` places the structures save_structure saved
        templates: new StructureStore(),
        ...(opts.verbose ? { log: (line: string) => process.stderr.write(`${line}\n`) } : {}),
      });
      process.stdout.write(`${world.host}:${world.port}\n`);
      process.stderr.write(
        `embedded world (Minecraft ${world.version}, offline mode) running; join it with a ${world.version} client. Ctrl-C stops it.\n`,
      );
      const watcher = mineflayerTarget({
        name: 'viewer',
        host: world.host,
        port: world.port,
        username: VIEWER_BOT,
        version: world.version,
      });
      const viewer = await startViewerFromFlags(opts, watcher);
      if (viewer) {
        process.stdout.write(`viewer: ${viewer.url}\n`);
        watcher
          .get()
          .catch((err: unknown) => process.stderr.write(`the viewer's bot could not join: ${String(err)}\n`));
      }
      world.on('crash', (err: Error) => process.stderr.write(`${err.message}\n`));
      world.on('exit', () => process.exit(1));
      const stop = () => {
        world.removeAllListeners('exit');
        void Promise.allSettled([viewer?.close(), watcher.close()])
          .then(() => world.stop())
          .then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}

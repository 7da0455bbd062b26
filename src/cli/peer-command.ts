/** `mcbridge peer`: a headless stand-in for the mod — a bot that serves a companion's bridge. */
// first: Microsoft sign-in and Realms code load only when used (it is ~20 MB)
import '../connection/deferred-sign-in.js';
import type { Command } from 'commander';
import mineflayer from 'mineflayer';
import { startBridgePeer } from '../peer/peer.js';
import { DEFAULT_BRIDGE_PORT } from '../bridge/server.js';
import { loadOrCreateBridgeToken } from '../config/bridge-token.js';
import { logger } from '../vocabulary/logger.js';
import { port } from './numbers.js';

interface PeerFlags {
  bridge: string;
  token?: string;
  name: string;
  host: string;
  port: number;
  username: string;
  version?: string;
}

export function registerPeerCommand(program: Command): void {
  program
    .command('peer')
    .description(
      "serve a companion's bridge with a mineflayer bot, speaking the mod's protocol (for tests, or where no client runs)",
    )
    .option('--bridge <url>', 'the companion bridge URL', `ws://127.0.0.1:${DEFAULT_BRIDGE_PORT}`)
    .option('--token <token>', 'bridge token (default: $MCBRIDGE_BRIDGE_TOKEN or the token file)')
    .option('--name <name>', 'connection name to serve', 'default')
    .option('--host <host>', 'Minecraft server host', '127.0.0.1')
    .option('--port <port>', 'Minecraft server port', port, 25565)
    .option('--username <name>', 'bot username (make it an operator)', 'mcbridge_peer')
    .option('--version <version>', 'Minecraft version (default: detect)')
    .action(async (flags: PeerFlags) => {
      const { token } = await loadOrCreateBridgeToken(flags.token ? { token: flags.token } : {});
      const bot = mineflayer.createBot({
        host: flags.host,
        port: flags.port,
        username: flags.username,
        auth: 'offline',
        ...(flags.version ? { version: flags.version } : {}),
        physicsEnabled: false,
        // as the companion's own bot: a busy machine may delay the server's keep-alives past mineflayer's 30 s
        checkTimeoutInterval: 60_000,
      });
      await new Promise<void>((resolve, reject) => {
        bot.once('spawn', () => resolve());
        bot.once('error', reject);
        bot.once('kicked', (reason) => reject(new Error(`kicked: ${JSON.stringify(reason)}`)));
      });
      const peer = await startBridgePeer({
        url: flags.bridge,
        token,
        name: flags.name,
        bot,
        server: `${flags.host}:${flags.port}`,
      });
      logger.info(
        { session: peer.session, bridge: flags.bridge, name: flags.name },
        'peer connected to the companion',
      );
      const stop = () =>
        void peer.close().finally(() => {
          bot.quit();
          process.exit(0);
        });
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}

/** Named connection targets from the config file; a bridge server is started when a connection needs one. */
import { BridgeServer } from '../bridge/server.js';
import { loadOrCreateBridgeToken } from './bridge-token.js';
import { bridgeTarget } from '../connection/bridge-target.js';
import { parseCommandSpamThreshold } from '../connection/command-throttle.js';
import { embeddedTarget, mineflayerTarget } from '../connection/factories.js';
import { parsePacketLimit } from '../connection/server-limits.js';
import type { ConnectionTarget } from '../connection/target.js';
import { Targets } from '../connection/targets.js';
import type { Logger } from '../vocabulary/logger.js';
import type { CompanionConfig } from './schema.js';

export interface ConfiguredTargets {
  targets: Targets;
  bridge?: BridgeServer;
}

export async function targetsFromConfig(
  config: CompanionConfig,
  opts: { log: Logger; bridgeToken?: string; allowRemoteBridge?: boolean },
): Promise<ConfiguredTargets> {
  const entries = Object.entries(config.connections);
  let bridge: BridgeServer | undefined;
  if (entries.some(([, c]) => c.backend === 'bridge')) {
    const token = await loadOrCreateBridgeToken(opts.bridgeToken ? { token: opts.bridgeToken } : {});
    bridge = await BridgeServer.start({
      host: config.bridge?.host ?? '127.0.0.1',
      port: config.bridge?.port ?? 25580,
      token: token.token,
      ...(opts.allowRemoteBridge ? { allowNonLoopback: true } : {}),
    });
    opts.log.info({ url: bridge.url, tokenFile: token.path }, 'bridge listening for the mcbridge mod');
  }
  const list: ConnectionTarget[] = entries.map(([name, c]) => {
    const limit =
      c.backend !== 'bridge' && c.packetLimit !== undefined
        ? { packetLimit: { limit: parsePacketLimit(c.packetLimit), from: 'config' as const } }
        : {};
    const spam =
      c.commandSpamThreshold !== undefined
        ? {
            commandSpamThreshold: {
              seconds: parseCommandSpamThreshold(c.commandSpamThreshold),
              from: 'config' as const,
            },
          }
        : {};
    switch (c.backend) {
      case 'mineflayer':
        return mineflayerTarget({
          name,
          host: c.host,
          port: c.port,
          username: c.username,
          auth: c.auth,
          ...(c.version ? { version: c.version } : {}),
          ...limit,
          ...spam,
        });
      case 'embedded':
        return embeddedTarget({
          name,
          username: c.username,
          log: opts.log,
          ...(c.port !== undefined ? { port: c.port } : {}),
          ...limit,
          ...spam,
          onWorldStarted: (w) => opts.log.info({ connection: name }, `embedded world at ${w.host}:${w.port}`),
        });
      case 'bridge':
        return bridgeTarget({ name, server: bridge!, ...spam });
    }
  });
  const targets = new Targets(list, config.defaultConnection ?? entries[0]![0]);
  return bridge ? { targets, bridge } : { targets };
}

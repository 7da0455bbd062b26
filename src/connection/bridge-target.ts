/** A connection target served by a game that dials the bridge server (the mod, or the headless peer). */
import type { BridgeServer } from '../bridge/server.js';
import { BridgeChannel } from './bridge-channel.js';
import type { CommandSpamSetting } from './command-throttle.js';
import { ConnectionTarget } from './target.js';

export interface BridgeTargetOptions {
  /** connection name; the game says it in its hello (default "default") */
  name?: string;
  server: BridgeServer;
  /** the server's command-spam-threshold-seconds, as the operator says (absent: the server's default) */
  commandSpamThreshold?: CommandSpamSetting;
  /** how long a tool call waits for the game to be connected and in a world (default 5 s) */
  waitMs?: number;
}

export function bridgeTarget(o: BridgeTargetOptions): ConnectionTarget {
  const name = o.name ?? 'default';
  return new ConnectionTarget(
    {
      name,
      backend: 'bridge',
      server: `game via bridge ${o.server.url}`,
      ...(o.commandSpamThreshold ? { commandSpamThreshold: o.commandSpamThreshold } : {}),
    },
    async () => {
      const session = await o.server.waitForSession(name, { timeoutMs: o.waitMs ?? 5000, inWorld: true });
      return new BridgeChannel(session);
    },
  );
}

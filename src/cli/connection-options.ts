/** The connection flags shared by `serve` and `exec`. */
import { type Command, InvalidArgumentError } from 'commander';
import { type CommandSpamSetting, parseCommandSpamThreshold } from '../connection/command-throttle.js';
import { embeddedTarget, mineflayerTarget } from '../connection/factories.js';
import { type PacketLimitSetting, parsePacketLimit } from '../connection/server-limits.js';
import type { ConnectionTarget } from '../connection/target.js';
import { logger } from '../vocabulary/logger.js';
import { port } from './numbers.js';

export interface ConnectionFlags {
  host: string;
  port: number;
  username: string;
  version?: string;
  embedded: boolean;
  auth: 'offline' | 'microsoft';
  safetyConfig?: string;
  packetLimit?: PacketLimitSetting;
  commandSpamThreshold?: CommandSpamSetting;
}

function packetLimitFlag(value: string): PacketLimitSetting {
  try {
    return { limit: parsePacketLimit(value), from: 'flag' };
  } catch {
    throw new InvalidArgumentError('write <rate>/<seconds> (e.g. 500/7) or off');
  }
}

function commandSpamFlag(value: string): CommandSpamSetting {
  try {
    return { seconds: parseCommandSpamThreshold(value), from: 'flag' };
  } catch {
    throw new InvalidArgumentError("write the server's command-spam-threshold-seconds (e.g. 10), or off");
  }
}

export function addConnectionOptions(command: Command): Command {
  return command
    .option('--host <host>', 'Minecraft server host', '127.0.0.1')
    .option('--port <port>', 'Minecraft server port', port, 25565)
    .option('--username <name>', 'bot username (make it an operator on your server)', 'mcbridge')
    .option('--version <version>', 'Minecraft version (default: detect)')
    .option('--auth <mode>', 'offline (default; server needs online-mode=false) or microsoft', 'offline')
    .option('--embedded', 'start the embedded 1.21.4 world and use it (the bot is made operator)', false)
    .option(
      '--safety-config <path>',
      `safety policy file (default: $MCBRIDGE_SAFETY_CONFIG, else built-in defaults; see docs/safety.md)`,
    )
    .option(
      '--packet-limit <rate/seconds|off>',
      "serverbound packets the bot may send, e.g. 500/7, or off (default: by the server's brand: Paper 500/7, vanilla none)",
      packetLimitFlag,
    )
    .option(
      '--command-spam-threshold <seconds|off>',
      "the server's command-spam-threshold-seconds (server.properties, 26.2+), when changed from 10; 0 or off: the server never kicks for command spam (operators are never kicked)",
      commandSpamFlag,
    );
}

/** The flags that shape pacing, for any backend (the bridge takes only the command throttle). */
export const commandSpamOf = (flags: ConnectionFlags): { commandSpamThreshold?: CommandSpamSetting } =>
  flags.commandSpamThreshold ? { commandSpamThreshold: flags.commandSpamThreshold } : {};

export function targetFromFlags(
  flags: ConnectionFlags,
  onWorld?: (address: string) => void,
): ConnectionTarget {
  if (flags.embedded) {
    return embeddedTarget({
      username: flags.username,
      log: logger,
      ...(flags.packetLimit ? { packetLimit: flags.packetLimit } : {}),
      ...commandSpamOf(flags),
      ...(onWorld ? { onWorldStarted: (w) => onWorld(`${w.host}:${w.port}`) } : {}),
    });
  }
  return mineflayerTarget({
    host: flags.host,
    port: flags.port,
    username: flags.username,
    ...(flags.version ? { version: flags.version } : {}),
    auth: flags.auth,
    ...(flags.packetLimit ? { packetLimit: flags.packetLimit } : {}),
    ...commandSpamOf(flags),
  });
}

/**
 * What each server family limits by default: the one table of packet limits, by the brand the server
 * announces on `minecraft:brand`. A limit is "at most `rate` serverbound packets per second, averaged over a
 * sliding window of `seconds`" — the shape of Paper's `packet-limiter.all-packets`. The table also says
 * whether the family keeps vanilla's command spam kick (its pacing: command-throttle.ts).
 */
import { z } from 'zod';

export const PacketLimitSchema = z.object({
  rate: z.number().positive(),
  seconds: z.number().positive(),
});
export type PacketLimit = z.infer<typeof PacketLimitSchema>;

/** `500/7` (rate / seconds) or `off`: the operator's setting, from `--packet-limit` or the config file. */
export const PacketLimitTextSchema = z
  .string()
  .regex(/^(off|\d+(\.\d+)?\/\d+(\.\d+)?)$/, 'write <rate>/<seconds> (e.g. 500/7) or off');

export interface PacketLimitSetting {
  limit: PacketLimit | 'off';
  /** where the operator set it */
  from: 'flag' | 'config';
}

export interface ServerFamily {
  family: string;
  /** null: no limit an operator's bot can reach */
  limit: PacketLimit | null;
  /** one line on where the figure comes from */
  basis: string;
  /** vanilla's command spam kick is in its code (connection/command-throttle.ts) */
  commandSpamKick: boolean;
}

// Paper: `packet-limiter.all-packets` in config/paper-global.yml, defaults interval 7.0, max-packet-rate
// 500.0, action KICK (PaperMC/Paper, paper-server/src/main/java/io/papermc/paper/configuration/
// GlobalConfiguration.java, class PacketLimiter); every fork inherits the file and its defaults.
const PAPER: PacketLimit = { rate: 500, seconds: 7 };

const FAMILIES: ReadonlyArray<{ brand: RegExp } & ServerFamily> = [
  {
    brand: /paper|purpur|folia|pufferfish/i,
    family: 'Paper',
    limit: PAPER,
    basis: 'Paper and its forks: packet-limiter.all-packets in config/paper-global.yml (500/s over 7 s)',
    // Paper keeps vanilla's commandSpamThrottler and reads its threshold from server.properties
    commandSpamKick: true,
  },
  {
    // vanilla's only packet limit is server.properties `rate-limit`, default 0 = off
    // (net/minecraft/network/RateKickingConnection.java is used only when it is > 0); its chat spam
    // kick (ServerGamePacketListenerImpl.detectRateSpam) spares operators
    brand: /^vanilla$/i,
    family: 'vanilla',
    limit: null,
    basis:
      'vanilla: rate-limit in server.properties is 0 (off) by default; operators are exempt from the command spam kick',
    commandSpamKick: true,
  },
  {
    // Fabric and Quilt servers run vanilla's network code unchanged
    brand: /fabric|quilt/i,
    family: 'Fabric',
    limit: null,
    basis: "Fabric: vanilla's network code (rate-limit 0 = off by default)",
    commandSpamKick: true,
  },
  {
    // Spigot's own spigot.yml has no all-packets limiter; none is known
    brand: /spigot|craftbukkit|bukkit/i,
    family: 'Spigot',
    limit: null,
    basis: 'Spigot: no packet limiter known in spigot.yml',
    commandSpamKick: true,
  },
  {
    // our embedded world (flying-squid) counts no packets
    brand: /^flying-squid$/i,
    family: 'flying-squid',
    limit: null,
    basis: 'flying-squid (the embedded world): no packet limiter',
    commandSpamKick: false,
  },
];

const UNKNOWN: ServerFamily = {
  family: 'unknown',
  limit: PAPER,
  basis: "unknown server: assuming Paper's limit (500/s over 7 s), the strictest common default",
  commandSpamKick: true,
};

/** The family of a brand; the brand may carry proxies and versions, e.g. `Paper (Velocity)`. */
export function familyOfBrand(brand: string | undefined): ServerFamily {
  if (brand === undefined) return UNKNOWN;
  const found = FAMILIES.find((f) => f.brand.test(brand));
  return found
    ? { family: found.family, limit: found.limit, basis: found.basis, commandSpamKick: found.commandSpamKick }
    : UNKNOWN;
}

export function parsePacketLimit(text: string): PacketLimit | 'off' {
  const checked = PacketLimitTextSchema.parse(text.trim());
  if (checked === 'off') return 'off';
  const [rate, seconds] = checked.split('/').map(Number) as [number, number];
  return PacketLimitSchema.parse({ rate, seconds });
}

export const describeLimit = (limit: PacketLimit | null): string =>
  limit ? `${limit.rate} packets/s over ${limit.seconds} s` : 'none';

export interface LimitInForce {
  limit: PacketLimit | null;
  /** `flag` (--packet-limit), `config` (the connection's packetLimit), or `brand` (the table above) */
  source: 'flag' | 'config' | 'brand';
  /** readable: where the limit comes from */
  basis: string;
}

export function limitInForce(
  setting: PacketLimitSetting | undefined,
  brand: string | undefined,
): LimitInForce {
  if (setting) {
    const limit = setting.limit === 'off' ? null : setting.limit;
    const where = setting.from === 'flag' ? '--packet-limit' : 'packetLimit in the config file';
    return { limit, source: setting.from, basis: `${where}: ${describeLimit(limit)}` };
  }
  const family = familyOfBrand(brand);
  return { limit: family.limit, source: 'brand', basis: family.basis };
}

/**
 * Before the bot joins: the server's version from its status ping, and a plain refusal of a version the bot
 * cannot speak — the server's version, the range the bot speaks and the ways forward — instead of a
 * protocol error halfway through the login.
 *
 * What "can speak" means follows the two checks the join itself would make: minecraft-protocol's
 * autoVersion (src/client/autoVersion.js: the versions minecraft-data lists for the ping's protocol, then
 * the versions named in its version name) and mineflayer's loader (lib/loader.js: data for the version, and
 * no older than `oldestSupportedVersion`, no newer than `latestSupportedVersion`'s protocol) — narrowed to
 * the versions whose data the package ships (spoken-versions.ts) and widened by the versions the bot speaks
 * through its protocol overlay (protocol-overlay.ts), which registers them first.
 */
// first: Microsoft sign-in and Realms code load only when used (it is ~20 MB)
import './deferred-sign-in.js';
import minecraftData from 'minecraft-data';
import mc from 'minecraft-protocol';
import mineflayer from 'mineflayer';
import { ConnectError } from '../vocabulary/errors.js';
import { OVERLAY_VERSIONS } from './protocol-overlay.js';
import { OLDEST_SPOKEN_VERSION } from './spoken-versions.js';

/** What the server's status ping says about its version. */
export interface ServerVersion {
  /** as announced, e.g. `26.3` or `Paper 1.21.4` */
  name: string;
  protocol: number;
}

export interface BotVersionRange {
  oldest: { name: string; protocol: number };
  latest: { name: string; protocol: number };
}

interface VersionEntry {
  minecraftVersion: string;
  version: number;
}

const versionsByName = minecraftData.versionsByMinecraftVersion.pc as unknown as Record<
  string,
  VersionEntry | undefined
>;
const versionsByProtocol = minecraftData.postNettyVersionsByProtocolVersion.pc as unknown as Record<
  number,
  VersionEntry[] | undefined
>;

function protocolOf(name: string): number {
  const entry = versionsByName[name];
  if (!entry) throw new Error(`minecraft-data does not know mineflayer's version ${name}`);
  return entry.version;
}

/** A protocol named by its newest release: minecraft-data lists them newest first (775 → 26.1.2, 26.1.1, 26.1). */
function newestRelease(protocol: number, fallback: string): { name: string; protocol: number } {
  return { name: versionsByProtocol[protocol]?.[0]?.minecraftVersion ?? fallback, protocol };
}

/** The newest version the bot speaks with everything on (mineflayer's own; the overlay's have block reads off). */
export function fullySpokenLatest(): { name: string; protocol: number } {
  return newestRelease(protocolOf(mineflayer.latestSupportedVersion), mineflayer.latestSupportedVersion);
}

/** The later of mineflayer's oldest version and the oldest whose data the package ships (spoken-versions.ts). */
function oldestSpoken(): { name: string; protocol: number } {
  const ours = { name: OLDEST_SPOKEN_VERSION, protocol: protocolOf(OLDEST_SPOKEN_VERSION) };
  const mineflayers = {
    name: mineflayer.oldestSupportedVersion,
    protocol: protocolOf(mineflayer.oldestSupportedVersion),
  };
  return ours.protocol >= mineflayers.protocol ? ours : mineflayers;
}

/** The versions the bot speaks: mineflayer's tested range from the oldest the package ships, and the overlay's. */
export function botVersionRange(): BotVersionRange {
  const full = fullySpokenLatest();
  const overlay = OVERLAY_VERSIONS.filter((o) => o.protocol > full.protocol).sort(
    (a, b) => b.protocol - a.protocol,
  )[0];
  return {
    oldest: oldestSpoken(),
    latest: overlay ? newestRelease(overlay.protocol, overlay.minecraftVersion) : full,
  };
}

function hasProtocolData(version: string): boolean {
  try {
    return Boolean(minecraftData(version)?.protocol);
  } catch {
    return false;
  }
}

/**
 * The Minecraft version the bot joins this server with, or undefined when it speaks none that fits: the
 * candidates autoVersion would consider, kept only when minecraft-data has their protocol and mineflayer's
 * range holds them.
 */
export function joinVersionFor(server: ServerVersion, range = botVersionRange()): string | undefined {
  const byName = [server.name, ...(server.name.match(/((\d+\.)+\d+)/g) ?? [])]
    .map((name) => versionsByName[name])
    .filter((entry): entry is VersionEntry => entry !== undefined)
    .sort((a, b) => b.version - a.version);
  const candidates = [...(versionsByProtocol[server.protocol] ?? []), ...byName];
  return candidates.find(
    (entry) =>
      entry.version >= range.oldest.protocol &&
      entry.version <= range.latest.protocol &&
      hasProtocolData(entry.minecraftVersion),
  )?.minecraftVersion;
}

/** e.g. `Minecraft Java 1.8.8 to 26.2 (protocol 47–776)` */
export function botSpeaks(range = botVersionRange()): string {
  return `Minecraft Java ${range.oldest.name} to ${range.latest.name} (protocol ${range.oldest.protocol}–${range.latest.protocol})`;
}

/** The refusal: what the server runs, what the bot speaks, and the three ways forward. */
export function unsupportedServerError(
  address: string,
  server: ServerVersion,
  range = botVersionRange(),
): ConnectError {
  const speaks = botSpeaks(range);
  return new ConnectError(
    'unsupported_version',
    `${address} runs Minecraft ${server.name} (protocol ${server.protocol}), which the bot cannot speak: it speaks ${speaks}; it did not join`,
    [
      `ways forward: play ${server.name} in your own game through mcbridge's Fabric mod and \`mcbridge serve --bridge\`, if the mod has an adapter for it (mod-bridge/README.md lists them)`,
      `or install ViaVersion and ViaBackwards on the server so that ${range.latest.name} clients can join it`,
      `or use a server running ${range.oldest.name} to ${range.latest.name}`,
    ].join('; '),
  );
}

/**
 * The server's version from a status ping that announces the newest protocol the bot speaks with everything
 * on: ViaVersion answers in it, so a server behind ViaVersion + ViaBackwards is joined as 26.1.x, block
 * reads included, rather than as an overlay version; a server without it answers its own.
 */
export async function pingServerVersion(
  host: string,
  port: number,
  timeoutMs: number,
  announce = fullySpokenLatest(),
): Promise<ServerVersion> {
  const status = await mc.ping({
    host,
    port,
    version: announce.name,
    closeTimeout: timeoutMs,
    // the version is in the status answer; the pong only measures latency
    noPongTimeout: 1000,
  });
  if ('version' in status && typeof status.version === 'object')
    return { name: status.version.name, protocol: status.version.protocol };
  // a pre-1.7 server's legacy answer
  const legacy = status as { version?: unknown; protocol?: unknown };
  return { name: String(legacy.version), protocol: Number(legacy.protocol) };
}

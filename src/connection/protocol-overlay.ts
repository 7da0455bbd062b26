/**
 * Minecraft versions the bot speaks beyond minecraft-data's own: each is registered into minecraft-data
 * when this module is first imported — before mineflayer or minecraft-protocol look a version up — as the
 * data of a version minecraft-data has (`base`) with the packet layouts that changed. docs/protocol-26.2.md
 * names where every fact below comes from and what is left unsettled.
 */
// first: Microsoft sign-in and Realms code load only when used (mineflayer would load them)
import './deferred-sign-in.js';
import { createRequire } from 'node:module';
import mineflayer from 'mineflayer';

type ProtocolState = 'handshaking' | 'status' | 'login' | 'configuration' | 'play';
type Direction = 'toClient' | 'toServer';
/** minecraft-data's protocol.json: a protodef type (a name, or [kind, options]) */
type ProtoType = string | readonly [string, unknown];
interface ProtoField {
  name?: string;
  anon?: boolean;
  type: ProtoType;
}

/** One packet whose layout differs from the base version's. */
export interface LayoutChange {
  state: ProtocolState;
  direction: Direction;
  /** minecraft-data's packet name, e.g. `success` */
  packet: string;
  /** what changed, in words */
  what: string;
  /** the changed layout from the base's */
  apply: (layout: ProtoType) => ProtoType;
}

export interface OverlayVersion {
  minecraftVersion: string;
  protocol: number;
  /** the minecraft-data version whose data (packet ids included) this one starts from */
  base: string;
  changes: readonly LayoutChange[];
  /**
   * Why block reads (verification, undo, renders) are off on this version: its block state ids are not
   * established, and a bot that read blocks with the base's ids would report wrong blocks.
   */
  blockReadsOff: string;
}

function fieldsOf(layout: ProtoType): ProtoField[] {
  if (typeof layout === 'string' || layout[0] !== 'container') throw new Error('not a container');
  return [...(layout[1] as ProtoField[])];
}

/** The container with `field` inserted before the field named `before`, or at the end. */
function withField(layout: ProtoType, field: ProtoField, before?: string): ProtoType {
  const fields = fieldsOf(layout);
  const at = before === undefined ? fields.length : fields.findIndex((f) => f.name === before);
  if (at < 0) throw new Error(`no field ${before}`);
  fields.splice(at, 0, field);
  return ['container', fields];
}

// 26.3's ClientboundSetPlayerTeamPacket.Parameters: displayName, prefix, suffix, name tag visibility,
// collision rule, Optional<TeamColor>, options byte (26.1: displayName, options, visibility, collision,
// ChatFormatting, prefix, suffix). mineflayer's field names are kept so that its team plugin reads them.
const TEAM_PARAMETER_ORDER = [
  'name',
  'prefix',
  'suffix',
  'nameTagVisibility',
  'collisionRule',
  'formatting',
  'flags',
];

function teamParameters(layout: ProtoType): ProtoType {
  const byName = new Map(fieldsOf(layout).map((f) => [f.name, f]));
  return [
    'container',
    TEAM_PARAMETER_ORDER.map((name) => {
      const field = byName.get(name);
      if (!field) throw new Error(`teams: no field ${name}`);
      return name === 'formatting' ? { name, type: ['option', 'varint'] as const } : field;
    }),
  ];
}

function teamsWithParameters(layout: ProtoType): ProtoType {
  return [
    'container',
    fieldsOf(layout).map((field) => {
      if (!field.anon || typeof field.type === 'string' || field.type[0] !== 'switch') return field;
      const options = field.type[1] as { fields: Record<string, ProtoType> };
      const modes = Object.fromEntries(
        Object.entries(options.fields).map(([mode, type]) => [
          mode,
          mode === 'add' || mode === 'change' ? teamParameters(type) : type,
        ]),
      );
      return { ...field, type: ['switch', { ...options, fields: modes }] as const };
    }),
  ];
}

export const OVERLAY_VERSIONS: readonly OverlayVersion[] = [
  {
    minecraftVersion: '26.2',
    protocol: 776,
    base: '26.1',
    changes: [
      {
        state: 'login',
        direction: 'toClient',
        packet: 'success',
        what: 'login success (ClientboundLoginFinishedPacket) ends with a session id (UUID)',
        apply: (layout) => withField(layout, { name: 'sessionId', type: 'UUID' }),
      },
      {
        state: 'play',
        direction: 'toClient',
        packet: 'login',
        what: 'play login (ClientboundLoginPacket) gains onlineMode (bool) before enforcesSecureChat',
        apply: (layout) => withField(layout, { name: 'onlineMode', type: 'bool' }, 'enforcesSecureChat'),
      },
      {
        state: 'play',
        direction: 'toClient',
        packet: 'teams',
        what: 'team parameters (ClientboundSetPlayerTeamPacket) are reordered and the colour is optional',
        apply: teamsWithParameters,
      },
    ],
    blockReadsOff:
      'block reads (verification, undo, renders) are off for Minecraft 26.2: its block state ids are not established (26.2 added blocks, and no source of their states could be checked), so blocks read with 26.1 ids could be wrong; commands and their outcomes are unaffected',
  },
];

interface MinecraftDataVersion {
  version: number;
  minecraftVersion: string;
  majorVersion: string;
  releaseType: string;
}
type VersionData = Record<string, unknown> & { protocol: Record<string, unknown> };

const require = createRequire(import.meta.url);

/** Deep copy of the base's protocol with the overlay's layout changes. */
export function overlayProtocol(
  overlay: OverlayVersion,
  base: Record<string, unknown>,
): Record<string, unknown> {
  const protocol = structuredClone(base) as Record<
    string,
    Record<Direction, { types: Record<string, ProtoType> }>
  >;
  for (const change of overlay.changes) {
    const types = protocol[change.state]?.[change.direction].types;
    const key = `packet_${change.packet}`;
    const layout = types?.[key];
    if (!types || layout === undefined) throw new Error(`${overlay.base} has no ${change.state} ${key}`);
    types[key] = change.apply(layout);
  }
  return protocol;
}

/** minecraft-data's version entry for the overlay, and the one comparison mineflayer's loader refuses. */
function versionRecord(overlay: OverlayVersion): MinecraftDataVersion & Record<string, unknown> {
  const minecraftData = require('minecraft-data') as {
    versionsByMinecraftVersion: { pc: Record<string, { dataVersion: number } | undefined> };
  };
  const dataVersionOf = (name: string): number => {
    const entry = minecraftData.versionsByMinecraftVersion.pc[name];
    if (!entry) throw new RangeError(`Version '${name}' not found for pc`);
    return entry.dataVersion;
  };
  const own = dataVersionOf(overlay.minecraftVersion);
  return {
    version: overlay.protocol,
    minecraftVersion: overlay.minecraftVersion,
    // prismarine-chunk picks its chunk format by major version; the chunk layout is the base's
    majorVersion: overlay.base,
    releaseType: 'release',
    // mineflayer's loader (lib/loader.js) refuses any version newer than its last tested one
    // (`latestSupportedVersion`); every other comparison answers as minecraft-data's own would
    '>': (other: string) => other !== mineflayer.latestSupportedVersion && own > dataVersionOf(other),
  };
}

let registered = false;

/** Registers every overlay version into minecraft-data (once; later calls do nothing). */
export function registerOverlayVersions(): void {
  if (registered) return;
  registered = true;
  const data = require('minecraft-data/data.js') as { pc: Record<string, VersionData | undefined> };
  for (const overlay of OVERLAY_VERSIONS) {
    const base = data.pc[overlay.base];
    if (!base || data.pc[overlay.minecraftVersion]) continue;
    let protocol: Record<string, unknown> | undefined;
    const entry: Record<string, unknown> = {};
    for (const key of Object.keys(Object.getOwnPropertyDescriptors(base))) {
      if (key !== 'protocol' && key !== 'version')
        Object.defineProperty(entry, key, { enumerable: true, get: () => base[key] });
    }
    Object.defineProperty(entry, 'protocol', {
      enumerable: true,
      get: () => (protocol ??= overlayProtocol(overlay, base.protocol)),
    });
    Object.defineProperty(entry, 'version', { enumerable: true, get: () => versionRecord(overlay) });
    data.pc[overlay.minecraftVersion] = entry as VersionData;
  }
}

/** The overlay a version belongs to, if any. */
export function overlayFor(version: string): OverlayVersion | undefined {
  return OVERLAY_VERSIONS.find((o) => o.minecraftVersion === version);
}

/**
 * What to add to a connection error on an overlay version when the error is a packet the bot could not read
 * (minecraft-protocol's deserializer: "Parse error for play.toClient…"): the overlay holds only the layout
 * changes established so far, so a server may send one it does not know. Empty for any other error or version.
 */
export function overlayParseFailureNote(version: string, message: string): string {
  const overlay = overlayFor(version);
  if (!overlay || !/Parse error for |PartialReadError/.test(message)) return '';
  return ` — the bot speaks Minecraft ${overlay.minecraftVersion} through mcbridge's protocol overlay (${overlay.base}'s protocol with the changes established so far, docs/protocol-26.2.md), and this server sent a packet whose layout is not among them. Ways forward: ViaVersion + ViaBackwards on the server (the bot then joins as ${overlay.base}.x, block reads on), or a server on ${overlay.base}.x or older`;
}

registerOverlayVersions();

/**
 * The light lists of a version's chunk packets, as minecraft-data describes the protocol. From 1.18 on,
 * `map_chunk` (ClientboundLevelChunkWithLightPacket) and `update_light` (ClientboundLightUpdatePacket) end with
 * a sky-light and a block-light list: how many arrays, then each array's length and its bytes (2,048 per
 * section). The bot skips them as it reads (connection/no-light.ts) and the embedded world writes them as
 * bytes (world/parity/light-bytes.ts); both only where a version's packets are laid out this way.
 */
import minecraftData from 'minecraft-data';

export type TypeJson = unknown;
export interface Field {
  name: string;
  type: TypeJson;
}

/** the two packets that carry light lists, by their names in minecraft-data */
export const LIGHT_PACKETS = ['map_chunk', 'update_light'] as const;
export const LIGHT_FIELDS = ['skyLight', 'blockLight'] as const;

const LIGHT_LIST = JSON.stringify([
  'array',
  { countType: 'varint', type: ['array', { countType: 'varint', type: 'u8' }] },
]);

export interface LightPackets {
  /** the play-state protocol towards the client: its own types, over the version's shared types */
  types: Record<string, TypeJson>;
  /** packet name → its id */
  ids: Map<string, number>;
  /** packet name → its fields, the two light lists last */
  fields: Map<(typeof LIGHT_PACKETS)[number], Field[]>;
}

/** The version's light-carrying packets, or undefined when they are not laid out as described above. */
export function lightPackets(version: string): LightPackets | undefined {
  const protocol = minecraftData(version)?.protocol as
    | { types: Record<string, TypeJson>; play?: { toClient?: { types?: Record<string, TypeJson> } } }
    | undefined;
  const play = protocol?.play?.toClient?.types;
  if (!protocol || !play) return undefined;
  const ids = packetIds(play['packet']);
  const fields = new Map<(typeof LIGHT_PACKETS)[number], Field[]>();
  for (const name of LIGHT_PACKETS) {
    const own = containerFields(play[`packet_${name}`]);
    const tail = own?.slice(-2);
    if (
      !own ||
      !tail ||
      !ids.has(name) ||
      tail.map((f) => f.name).join() !== LIGHT_FIELDS.join() ||
      tail.some((f) => JSON.stringify(f.type) !== LIGHT_LIST)
    )
      return undefined;
    fields.set(name, own);
  }
  return { types: { ...protocol.types, ...play }, ids, fields };
}

/** The packet's fields with both light lists given `type` instead. */
export const withLightAs = (fields: readonly Field[], type: TypeJson): TypeJson => [
  'container',
  fields.map((f) => ((LIGHT_FIELDS as readonly string[]).includes(f.name) ? { ...f, type } : f)),
];

function containerFields(type: TypeJson): Field[] | undefined {
  if (!Array.isArray(type) || type[0] !== 'container' || !Array.isArray(type[1])) return undefined;
  return type[1] as Field[];
}

/** name → id, from the play packets' mapper */
function packetIds(packet: TypeJson): Map<string, number> {
  const ids = new Map<string, number>();
  const nameField = containerFields(packet)?.find((f) => f.name === 'name')?.type;
  const mappings = Array.isArray(nameField)
    ? (nameField[1] as { mappings?: Record<string, string> }).mappings
    : undefined;
  for (const [hex, name] of Object.entries(mappings ?? {})) ids.set(name, Number(hex));
  return ids;
}

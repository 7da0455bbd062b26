/**
 * The embedded world writes the light of its chunk packets as bytes. minecraft-protocol's writer takes a light
 * array (2,048 bytes a section, 26 sections a column for sky light alone) as a list of numbers and writes it one
 * number at a time; the same bytes on the wire are a length-prefixed buffer (protodef's `buffer` with a varint
 * count), which is copied in one go. The world process gives its server that description of `map_chunk` and
 * `update_light` (minecraft-protocol's `customPackets`, which flying-squid passes on), and every player's
 * connection hands the light on as byte views of the sections prismarine-chunk holds. What a client receives is
 * unchanged, byte for byte. A version whose packets are laid out otherwise keeps minecraft-protocol's writer.
 */
import minecraftData from 'minecraft-data';
import { LIGHT_PACKETS, lightPackets, withLightAs } from '../../vocabulary/light-lists.js';

const LIGHT_AS_BYTES = ['array', { countType: 'varint', type: ['buffer', { countType: 'varint' }] }];

/** minecraft-protocol's `customPackets` for the world's server, or undefined for a version laid out otherwise */
export function lightAsBytesPackets(version: string): Record<string, unknown> | undefined {
  const packets = lightPackets(version);
  const major = minecraftData(version)?.version.majorVersion;
  if (!packets || !major) return undefined;
  const types: Record<string, unknown> = {};
  for (const [name, fields] of packets.fields) types[`packet_${name}`] = withLightAs(fields, LIGHT_AS_BYTES);
  return { [major]: { play: { toClient: { types } } } };
}

type LightArray = Buffer | Uint8Array | readonly number[];
interface LightParams {
  skyLight?: LightArray[];
  blockLight?: LightArray[];
}
interface Writer {
  write(name: string, params: unknown): void;
}

/** a section's light as a Buffer over the same memory (a list of numbers is copied once) */
const asBytes = (light: LightArray): Buffer =>
  Buffer.isBuffer(light)
    ? light
    : light instanceof Uint8Array
      ? Buffer.from(light.buffer, light.byteOffset, light.byteLength)
      : Buffer.from(light);

/** Hands the light of this connection's chunk packets on as bytes, whoever writes them. */
export function writeLightAsBytes(client: Writer): void {
  const write = client.write.bind(client);
  client.write = (name: string, params: unknown) => {
    if (!(LIGHT_PACKETS as readonly string[]).includes(name)) return write(name, params);
    const p = params as LightParams;
    return write(name, { ...p, skyLight: p.skyLight?.map(asBytes), blockLight: p.blockLight?.map(asBytes) });
  };
}

/**
 * The bot keeps no light. A chunk column arrives with a sky-light and a block-light array for each of its
 * sections (26 of each in an overworld of 1.18 and later, 2 kB apiece, allocated even when the server marks a
 * section all dark), so light is most of what a column holds in memory: about 100 kB a column, 9 MB of a
 * resting serve's heap. Nothing mcbridge answers reads it: block reads use state ids, hints take a block's
 * light from its emission in minecraft-data, and the viewer shades by ambient occlusion.
 *
 * Two steps, the second where the version allows it:
 * - `dropLight`: the light is removed from the packets before mineflayer's own listeners see them (mineflayer
 *   lib/plugins/blocks.js loads light from `map_chunk` only when `skyLight` is present, and from
 *   `update_light` for each section its masks name); `block.light` and `block.skyLight` then read 0.
 * - `parseWithoutLight`: the light is not even parsed. minecraft-protocol's reader turns each 2 kB array into a
 *   JS array of numbers (~1 MB of short-lived objects per column, read while commands run: a bot keeps
 *   receiving columns for its first half minute); this connection's parser reads `map_chunk` and
 *   `update_light` with a reader of its own that skips the two light lists' bytes and leaves them out.
 *   Everything else of those packets is read by the same compiled types as before. minecraft-protocol's
 *   compiled protocol is shared by every connection of the process (an embedded server's writer too), so it is
 *   left as it is: only this connection's parser changes. A version whose packets do not end with the two
 *   light lists keeps the full reader.
 */
import { createRequire } from 'node:module';
import { LIGHT_PACKETS, lightPackets, type TypeJson, withLightAs } from '../vocabulary/light-lists.js';

interface LightPacket {
  skyLight?: unknown;
  blockLight?: unknown;
  skyLightMask?: unknown;
  blockLightMask?: unknown;
  emptySkyLightMask?: unknown;
  emptyBlockLightMask?: unknown;
}

interface PacketSource {
  prependListener(event: 'map_chunk' | 'update_light', listener: (packet: LightPacket) => void): unknown;
}

/** An empty mask: no section named, so no light array is made. */
const NO_SECTIONS: unknown[] = [];

export function dropLight(client: PacketSource): void {
  client.prependListener('map_chunk', (packet) => {
    packet.skyLight = undefined;
    packet.blockLight = undefined;
  });
  client.prependListener('update_light', (packet) => {
    packet.skyLightMask = NO_SECTIONS;
    packet.blockLightMask = NO_SECTIONS;
    packet.emptySkyLightMask = NO_SECTIONS;
    packet.emptyBlockLightMask = NO_SECTIONS;
  });
}

type Read = (buffer: Buffer, offset: number) => { value: unknown; size: number };
interface ParsedPacket {
  data: { name: string; params: unknown };
  metadata: { size: number };
  buffer: Buffer;
  fullBuffer: Buffer;
}
interface Deserializer {
  parsePacketBuffer(buffer: Buffer): ParsedPacket;
}
interface ProtocolClient {
  state: string;
  deserializer?: Deserializer;
  on(event: 'state', listener: (state: string) => void): unknown;
}

const SKIPPED = 'mcbridgeSkippedLight';

const protocolRequire = createRequire(createRequire(import.meta.url).resolve('minecraft-protocol'));

/** a varint at `offset`: its value and its length in bytes */
function varint(buffer: Buffer, offset: number): { value: number; size: number } {
  let value = 0;
  let size = 0;
  for (;;) {
    const byte = buffer[offset + size];
    if (byte === undefined) throw new RangeError('a varint runs past the end of the packet');
    value |= (byte & 0x7f) << (7 * size);
    size++;
    if ((byte & 0x80) === 0) return { value, size };
    if (size === 5) throw new RangeError('a varint longer than 5 bytes');
  }
}

/** a light list: how many arrays, then each array's length and bytes; read past, nothing kept */
const skipLightList: Read = (buffer, offset) => {
  const count = varint(buffer, offset);
  let cursor = offset + count.size;
  for (let i = 0; i < count.value; i++) {
    const length = varint(buffer, cursor);
    cursor += length.size + length.value;
  }
  if (cursor > buffer.length) throw new RangeError('a light list runs past the end of the packet');
  return { value: undefined, size: cursor - offset };
};

/** packet id → the lean reader of that packet, for one version; undefined when its packets are not as expected */
const readersByVersion = new Map<string, Map<number, { name: string; read: Read }> | undefined>();

function leanReaders(version: string): Map<number, { name: string; read: Read }> | undefined {
  if (readersByVersion.has(version)) return readersByVersion.get(version);
  let readers: Map<number, { name: string; read: Read }> | undefined;
  try {
    readers = compileLeanReaders(version);
  } catch {
    // a protocol description this code does not follow: the full reader is always right, only slower
    readers = undefined;
  }
  readersByVersion.set(version, readers);
  return readers;
}

function compileLeanReaders(version: string): Map<number, { name: string; read: Read }> | undefined {
  const packets = lightPackets(version);
  if (!packets) return undefined;
  const lean: Record<string, TypeJson> = {};
  for (const [name, fields] of packets.fields) lean[`packet_${name}`] = withLightAs(fields, SKIPPED);
  const { ReadCompiler } = protocolRequire('protodef').Compiler as {
    ReadCompiler: new () => ReadCompiler;
  };
  const compiler = new ReadCompiler();
  compiler.addTypes(
    (protocolRequire('./datatypes/compiler-minecraft') as { Read: Record<string, unknown> }).Read,
  );
  compiler.addTypes({ [SKIPPED]: ['native', skipLightList] });
  (
    protocolRequire('prismarine-nbt') as { addTypesToCompiler(type: string, c: unknown): void }
  ).addTypesToCompiler('big', {
    addTypes: (types: { Read: Record<string, unknown> }) => compiler.addTypes(types.Read),
    addTypesToCompile: (types: Record<string, TypeJson>) => compiler.addTypesToCompile(types),
  });
  // only the types the two packets use, so that compiling takes milliseconds, not the whole protocol's
  const shared = packets.types;
  const needed: Record<string, TypeJson> = {};
  const visit = (json: TypeJson): void => {
    if (typeof json === 'string') {
      const named = shared[json];
      if (named !== undefined && named !== 'native' && !(json in needed)) {
        needed[json] = named;
        visit(named);
      }
    } else if (Array.isArray(json)) json.forEach(visit);
    else if (json && typeof json === 'object') Object.values(json).forEach(visit);
  };
  for (const type of Object.values(lean)) visit(type);
  compiler.addTypesToCompile({ ...needed, ...lean });
  const ctx = compiler.compile(compiler.generate()) as Record<string, Read>;
  return new Map(
    LIGHT_PACKETS.map((name) => [packets.ids.get(name)!, { name, read: ctx[`packet_${name}`]! }]),
  );
}

interface ReadCompiler {
  addTypes(types: Record<string, unknown>): void;
  addTypesToCompile(types: Record<string, TypeJson>): void;
  generate(): string;
  compile(code: string): unknown;
}

/**
 * Gives this connection's play-state parser the lean reader for `map_chunk` and `update_light` (again after
 * every switch into play: each state has a parser of its own). Returns false when the version keeps the full
 * reader.
 */
export function parseWithoutLight(client: ProtocolClient, version: string): boolean {
  const readers = leanReaders(version);
  if (!readers) return false;
  const patch = () => {
    const deserializer = client.deserializer;
    if (client.state !== 'play' || !deserializer) return;
    const full = deserializer.parsePacketBuffer.bind(deserializer);
    deserializer.parsePacketBuffer = (buffer: Buffer): ParsedPacket => {
      const id = varint(buffer, 0);
      const lean = readers.get(id.value);
      if (!lean) return full(buffer);
      let read: { value: unknown; size: number };
      try {
        read = lean.read(buffer, id.size);
      } catch {
        // a packet the lean reader cannot read: minecraft-protocol's reader decides, and reports, as before
        return full(buffer);
      }
      const total = id.size + read.size;
      return {
        data: { name: lean.name, params: read.value },
        metadata: { size: total },
        buffer: buffer.subarray(0, total),
        fullBuffer: buffer,
      };
    };
  };
  patch();
  client.on('state', patch);
  return true;
}

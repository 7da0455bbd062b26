/**
 * The server's brand, from the `minecraft:brand` plugin channel (vanilla's ClientboundCustomPayloadPacket
 * with BrandPayload: one string, e.g. `vanilla`, `Paper`). mineflayer keeps it in `bot.game.serverBrand`,
 * but only for the namespaced channel; flying-squid sends it on the bare `brand` channel, so the payload is
 * read here for both.
 */

interface PayloadClient {
  on(event: 'custom_payload', listener: (packet: { channel?: unknown; data?: unknown }) => void): void;
}

/** Calls `onBrand` whenever the server announces its brand. */
export function watchBrand(client: PayloadClient, onBrand: (brand: string) => void): void {
  client.on('custom_payload', (packet) => {
    if (typeof packet.channel !== 'string' || !/^(minecraft:)?brand$/.test(packet.channel)) return;
    const brand = typeof packet.data === 'string' ? packet.data : readString(packet.data);
    if (brand) onBrand(brand);
  });
}

/** A protocol string: VarInt byte length, then UTF-8. */
function readString(data: unknown): string | undefined {
  if (!Buffer.isBuffer(data)) return undefined;
  let length = 0;
  let shift = 0;
  let i = 0;
  for (; i < Math.min(data.length, 5); i++) {
    const byte = data[i]!;
    length |= (byte & 0x7f) << shift;
    shift += 7;
    if ((byte & 0x80) === 0) break;
  }
  const start = i + 1;
  if (start + length > data.length) return undefined;
  return data.subarray(start, start + length).toString('utf8');
}

/**
 * The bot keeps no light. A chunk column arrives with a sky-light and a block-light array for each of its
 * sections (26 of each in an overworld of 1.18 and later, 2 kB apiece, allocated even when the server marks a
 * section all dark), so light is most of what a column holds in memory: about 100 kB a column, 9 MB of a
 * resting serve's heap. Nothing mcbridge answers reads it: block reads use state ids, hints take a block's
 * light from its emission in minecraft-data, and the viewer shades by ambient occlusion.
 *
 * The light is removed from the packets before mineflayer's own listeners see them (mineflayer
 * lib/plugins/blocks.js loads light from `map_chunk` only when `skyLight` is present, and from `update_light`
 * for each section its masks name); `block.light` and `block.skyLight` then read 0.
 */

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

/**
 * The biome registry of the embedded world, made the one vanilla 1.21.4 has: the 65 biomes of
 * minecraft-data 1.21.4 in their registry order (alphabetical, like vanilla's data-pack registry load),
 * with the same network ids in the registry clients receive (registry_data), in the chunks' biome
 * palettes and in the biome tags (tags packet).
 *
 * Why: minecraft-protocol sends the registry captured in minecraft-data's 1.21.4 login packet, which
 * lacks minecraft:pale_garden (1.21.4's Biomes.java registers it), so every id after it was one lower
 * on the client than in flying-squid's chunks (the superflat's plains showed as river). pale_garden's
 * entry follows net/minecraft/data/worldgen/biome/OverworldBiomes.java darkForest(…, true); its tags
 * follow net/minecraft/data/tags/BiomeTagsProvider.java (1.21.4). The captured entries also carry 1.21.3's
 * single `music` compound; 1.21.4's BiomeSpecialEffects codec reads a weighted list
 * (SimpleWeightedRandomList: `[{data, weight}]`, weight 1 as Builder.backgroundMusic(Music) makes), so each
 * is rewritten to it.
 */
import { createRequire } from 'node:module';
import type { FlyingSquidClient, FlyingSquidServer } from './flying-squid-types.js';

const require = createRequire(import.meta.url);

type NbtValue = { type: string; value: unknown };
interface RegistryEntry {
  key: string;
  value?: NbtValue;
}
type RegistryCodec = Record<string, { id: string; entries: RegistryEntry[] } | undefined>;
interface LoginTags {
  tags: Array<{ tagType: string; tags: Array<{ tagName: string; entries: number[] }> }>;
}

/** the tags BiomeTagsProvider puts pale_garden in, directly or through is_forest / is_overworld */
const PALE_GARDEN_TAGS = [
  'minecraft:is_forest',
  'minecraft:is_overworld',
  'minecraft:stronghold_biased_to',
  'minecraft:has_structure/mineshaft',
  'minecraft:has_structure/trial_chambers',
  'minecraft:has_structure/stronghold',
  'minecraft:has_structure/ruined_portal_standard',
];

const int = (value: number): NbtValue => ({ type: 'int', value });

/** OverworldBiomes.darkForest(…, true): the pale garden's climate and colours, music silenced */
const PALE_GARDEN: NbtValue = {
  type: 'compound',
  value: {
    has_precipitation: { type: 'byte', value: 1 },
    temperature: { type: 'float', value: 0.7 },
    downfall: { type: 'float', value: 0.8 },
    effects: {
      type: 'compound',
      value: {
        water_color: int(7768221),
        water_fog_color: int(5597568),
        fog_color: int(8484720),
        sky_color: int(12171705),
        grass_color: int(7832178),
        foliage_color: int(8883574),
        // silenceAllBackgroundMusic: an empty music list at volume 0
        music: { type: 'list', value: { type: 'end', value: [] } },
        music_volume: { type: 'float', value: 0 },
        mood_sound: {
          type: 'compound',
          value: {
            tick_delay: int(6000),
            offset: { type: 'double', value: 2 },
            sound: { type: 'string', value: 'minecraft:ambient.cave' },
            block_search_extent: int(8),
          },
        },
      },
    },
  },
};

/** 1.21.3's `music: {…}` → 1.21.4's `music: [{data: {…}, weight: 1}]`; other entries unchanged */
function withMusicList(entry: RegistryEntry): RegistryEntry {
  const root = entry.value?.value as Record<string, NbtValue> | undefined;
  const effects = root?.['effects']?.value as Record<string, NbtValue> | undefined;
  const music = effects?.['music'];
  if (!root || !effects || music?.type !== 'compound') return entry;
  const list = { type: 'list', value: { type: 'compound', value: [{ data: music, weight: int(1) }] } };
  const value = {
    type: 'compound',
    value: { ...root, effects: { type: 'compound', value: { ...effects, music: list } } },
  };
  return { ...entry, value };
}

export class BiomeRegistry {
  /** names without namespace, index = network id */
  readonly names: string[];
  private readonly ids = new Map<string, number>();
  /** `minecraft:is_forest` → biome names */
  readonly tags = new Map<string, Set<string>>();
  /** the registry_data entry clients get */
  readonly networkEntry: { id: string; entries: RegistryEntry[] };
  /** the biome tags for the tags packet, in this registry's ids */
  readonly networkTags: Array<{ tagName: string; entries: number[] }>;

  constructor(version: string) {
    const mcData = require('minecraft-data')(version) as {
      biomesArray: Array<{ id: number; name: string }>;
      loginPacket: { dimensionCodec: RegistryCodec };
    };
    this.names = [...mcData.biomesArray].sort((a, b) => a.id - b.id).map((b) => b.name);
    this.names.forEach((name, id) => this.ids.set(name, id));
    const sent = mcData.loginPacket.dimensionCodec['minecraft:worldgen/biome']?.entries ?? [];
    const sentByName = new Map(sent.map((e) => [e.key.replace(/^minecraft:/, ''), e]));
    this.networkEntry = {
      id: 'minecraft:worldgen/biome',
      entries: this.names.map((name) => {
        const sentEntry = sentByName.get(name);
        if (sentEntry) return withMusicList(sentEntry);
        return { key: `minecraft:${name}`, ...(name === 'pale_garden' ? { value: PALE_GARDEN } : {}) };
      }),
    };
    const login = require('flying-squid/src/lib/plugins/loginTags.json') as LoginTags;
    const biomeTags = login.tags.find((t) => t.tagType === 'minecraft:worldgen/biome')?.tags ?? [];
    for (const tag of biomeTags) {
      const members = new Set(tag.entries.map((i) => sent[i]?.key.replace(/^minecraft:/, '') ?? ''));
      if (PALE_GARDEN_TAGS.includes(tag.tagName)) members.add('pale_garden');
      members.delete('');
      this.tags.set(tag.tagName, members);
    }
    this.networkTags = [...this.tags].map(([tagName, members]) => ({
      tagName,
      entries: [...members].map((m) => this.ids.get(m)!).filter((id) => id !== undefined),
    }));
  }

  id(name: string): number | undefined {
    return this.ids.get(name.replace(/^minecraft:/, ''));
  }

  name(id: number): string | undefined {
    return this.names[id];
  }
}

interface ProtocolServer {
  options: { registryCodec?: RegistryCodec };
  on(event: 'connection', listener: (client: FlyingSquidClient) => void): void;
}

/** Makes clients receive this registry and its tags (minecraft-protocol reads options at each login). */
export function installBiomeRegistry(serv: FlyingSquidServer, version: string): BiomeRegistry {
  const registry = new BiomeRegistry(version);
  const server = (serv as unknown as { _server: ProtocolServer })._server;
  server.options.registryCodec = {
    ...server.options.registryCodec,
    'minecraft:worldgen/biome': registry.networkEntry,
  };
  // flying-squid writes its static tags table when a client enters configuration: swap the biome tags
  server.on('connection', (client) => {
    const write = client.write.bind(client);
    client.write = (packet: string, data: unknown) => {
      if (packet !== 'tags') return write(packet, data);
      const { tags } = data as LoginTags;
      const patched = tags.map((t) =>
        t.tagType === 'minecraft:worldgen/biome' ? { ...t, tags: registry.networkTags } : t,
      );
      return write(packet, { tags: patched });
    };
  });
  return registry;
}

/**
 * The block-state fixes vanilla's DataFixers registers after the 1.13 flattening, in DataVersion order
 * (net/minecraft/util/datafix/DataFixers.java, 1.21.11, 26.1.2 and 26.3: every `BlockRenameFix.create`,
 * `BlockPropertyRenameAndFix` — `LegacyBlockRenameFix` and `LegacyBlockPropertyRenameAndFix` in 26.3 — and
 * block-state fixer class). After 4541 (iron_chain) up to 26.3's last schema (5016) DataFixers registers no
 * fix of a state's name or values — 26.2 (DataVersion 4903) none at all for block states; 26.3's
 * BlockStateFieldNamesFix (5006) renames the fields a state is stored in (`Name`/`Properties` →
 * `id`/`properties`), which the file readers handle (formats/nbt-file.ts).
 * A state written at DataVersion d passes every row with d < row.dataVersion ≤ the server's; a state from a
 * newer file goes back through the rows above the server's with `down`, where the row maps one to one.
 * Each row names the fixer it follows.
 */
import type { BlockState } from '../../vocabulary/blocks/block-state.js';

export interface Rule {
  /** the schema the fixer is registered on: states written before it are fixed */
  dataVersion: number;
  /** vanilla's fixer class and its name in DataFixers */
  fixer: string;
  /** the state after the fix; undefined when the fix leaves it alone */
  up(state: BlockState): BlockState | undefined;
  /** the state before the fix, where that is one to one; undefined when the fix did not touch it */
  down?(state: BlockState): BlockState | undefined;
}

const mc = (name: string) => `minecraft:${name}`;

/** BlockRenameFix.create(schema, name, createRenamer(map)): the block's name only, properties kept */
function rename(dataVersion: number, label: string, map: Record<string, string>): Rule {
  const forward = new Map(Object.entries(map).map(([a, b]) => [mc(a), mc(b)]));
  const back = new Map([...forward].map(([a, b]) => [b, a]));
  const oneToOne = back.size === forward.size && ![...forward.keys()].some((k) => back.has(k));
  const swap = (table: Map<string, string>) => (s: BlockState) => {
    const to = table.get(s.name);
    return to === undefined ? undefined : { name: to, properties: s.properties };
  };
  return {
    dataVersion,
    fixer: `BlockRenameFix "${label}"`,
    up: swap(forward),
    ...(oneToOne ? { down: swap(back) } : {}),
  };
}

/** BlockPropertyRenameAndFix(schema, name, block, old, new, valueFixer) */
function renameProperty(
  dataVersion: number,
  label: string,
  block: string,
  from: string,
  to: string,
  values: Record<string, string>,
  backValues?: Record<string, string>,
): Rule {
  const move = (s: BlockState, a: string, b: string, table: Record<string, string> | undefined) => {
    if (s.name !== mc(block) || s.properties[a] === undefined || !table) return undefined;
    const { [a]: value, ...rest } = s.properties;
    return { name: s.name, properties: { ...rest, [b]: table[value!] ?? value! } };
  };
  return {
    dataVersion,
    fixer: `BlockPropertyRenameAndFix "${label}"`,
    up: (s) => move(s, from, to, values),
    down: (s) => move(s, to, from, backValues),
  };
}

const WALLS = new Set(
  [
    'andesite_wall',
    'brick_wall',
    'cobblestone_wall',
    'diorite_wall',
    'end_stone_brick_wall',
    'granite_wall',
    'mossy_cobblestone_wall',
    'mossy_stone_brick_wall',
    'nether_brick_wall',
    'prismarine_wall',
    'red_nether_brick_wall',
    'red_sandstone_wall',
    'sandstone_wall',
    'stone_brick_wall',
  ].map(mc),
);
const SIDES = ['north', 'east', 'south', 'west'] as const;
const connected = (v: string | undefined) => v !== undefined && v !== 'none';

export const RULES: readonly Rule[] = [
  {
    dataVersion: 1474,
    fixer: 'BlockRenameFix "Colorless shulker block fixer"',
    up: (s) =>
      s.name === mc('purple_shulker_box') ? { name: mc('shulker_box'), properties: s.properties } : undefined,
  },
  rename(1475, 'Flowing fixer', { flowing_water: 'water', flowing_lava: 'lava' }),
  rename(1480, 'Rename coral blocks (RenamedCoralFix)', {
    blue_coral: 'tube_coral_block',
    pink_coral: 'brain_coral_block',
    purple_coral: 'bubble_coral_block',
    red_coral: 'fire_coral_block',
    yellow_coral: 'horn_coral_block',
    blue_coral_plant: 'tube_coral',
    pink_coral_plant: 'brain_coral',
    purple_coral_plant: 'bubble_coral',
    red_coral_plant: 'fire_coral',
    yellow_coral_plant: 'horn_coral',
    blue_coral_fan: 'tube_coral_fan',
    pink_coral_fan: 'brain_coral_fan',
    purple_coral_fan: 'bubble_coral_fan',
    red_coral_fan: 'fire_coral_fan',
    yellow_coral_fan: 'horn_coral_fan',
    blue_dead_coral: 'dead_tube_coral',
    pink_dead_coral: 'dead_brain_coral',
    purple_dead_coral: 'dead_bubble_coral',
    red_dead_coral: 'dead_fire_coral',
    yellow_dead_coral: 'dead_horn_coral',
  }),
  rename(1484, 'Rename seagrass blocks', { sea_grass: 'seagrass', tall_sea_grass: 'tall_seagrass' }),
  rename(1487, 'Rename prismarine_brick(s)_* items', {
    prismarine_bricks_slab: 'prismarine_brick_slab',
    prismarine_bricks_stairs: 'prismarine_brick_stairs',
  }),
  rename(1488, 'Rename kelp/kelptop', { kelp_top: 'kelp', kelp: 'kelp_plant' }),
  rename(1490, 'Rename melon_block', { melon_block: 'melon' }),
  {
    // LeavesFix: `decayable` becomes `persistent` (its opposite), `check_decay` goes; `distance` is a
    // neighbour shape and is computed afterwards (shapes.ts)
    dataVersion: 1496,
    fixer: 'LeavesFix',
    up: (s) => {
      if (!s.name.endsWith('_leaves') || s.properties['decayable'] === undefined) return undefined;
      const { decayable, check_decay: _check, ...rest } = s.properties;
      return { name: s.name, properties: { ...rest, persistent: decayable === 'false' ? 'true' : 'false' } };
    },
  },
  rename(1510, 'Block renamening fix (EntityTheRenameningFix.RENAMED_BLOCKS)', {
    portal: 'nether_portal',
    oak_bark: 'oak_wood',
    spruce_bark: 'spruce_wood',
    birch_bark: 'birch_wood',
    jungle_bark: 'jungle_wood',
    acacia_bark: 'acacia_wood',
    dark_oak_bark: 'dark_oak_wood',
    stripped_oak_bark: 'stripped_oak_wood',
    stripped_spruce_bark: 'stripped_spruce_wood',
    stripped_birch_bark: 'stripped_birch_wood',
    stripped_jungle_bark: 'stripped_jungle_wood',
    stripped_acacia_bark: 'stripped_acacia_wood',
    stripped_dark_oak_bark: 'stripped_dark_oak_wood',
    mob_spawner: 'spawner',
  }),
  rename(1515, 'Rename coral fan blocks (RenamedCoralFansFix)', {
    tube_coral_fan: 'tube_coral_wall_fan',
    brain_coral_fan: 'brain_coral_wall_fan',
    bubble_coral_fan: 'bubble_coral_wall_fan',
    fire_coral_fan: 'fire_coral_wall_fan',
    horn_coral_fan: 'horn_coral_wall_fan',
  }),
  rename(1802, 'Rename sign blocks & stone slabs', {
    stone_slab: 'smooth_stone_slab',
    sign: 'oak_sign',
    wall_sign: 'oak_wall_sign',
  }),
  rename(2209, 'Rename bee_hive block to beehive', { bee_hive: 'beehive' }),
  {
    // WallPropertyFix: wall sides were true/false, then none/low/tall
    dataVersion: 2503,
    fixer: 'WallPropertyFix',
    up: (s) => {
      if (!WALLS.has(s.name) || !SIDES.some((d) => s.properties[d] === 'true' || s.properties[d] === 'false'))
        return undefined;
      const properties = { ...s.properties };
      for (const d of SIDES)
        if (properties[d] !== undefined) properties[d] = properties[d] === 'true' ? 'low' : 'none';
      return { name: s.name, properties };
    },
  },
  rename(2508, 'Renamed fungi blocks to fungus', {
    warped_fungi: 'warped_fungus',
    crimson_fungi: 'crimson_fungus',
  }),
  rename(2528, 'Rename soul fire torch and soul fire lantern', {
    soul_fire_torch: 'soul_torch',
    soul_fire_wall_torch: 'soul_wall_torch',
    soul_fire_lantern: 'soul_lantern',
  }),
  {
    // RedstoneWireConnectionsFix: a wire with no connection on an axis points along it ("side")
    dataVersion: 2531,
    fixer: 'RedstoneWireConnectionsFix',
    up: (s) => {
      if (s.name !== mc('redstone_wire')) return undefined;
      const p = s.properties;
      const [e, w, n, so] = [p['east'], p['west'], p['north'], p['south']];
      const eastWest = connected(e) || connected(w);
      const northSouth = connected(n) || connected(so);
      const next = {
        ...p,
        east: !connected(e) && !northSouth ? 'side' : (e ?? 'none'),
        west: !connected(w) && !northSouth ? 'side' : (w ?? 'none'),
        north: !connected(n) && !eastWest ? 'side' : (n ?? 'none'),
        south: !connected(so) && !eastWest ? 'side' : (so ?? 'none'),
      };
      return SIDES.every((d) => next[d] === p[d]) ? undefined : { name: s.name, properties: next };
    },
  },
  {
    // CauldronRenameFix: 1.17 split the cauldron; level 0 stays `cauldron` (no properties), the rest
    // become `water_cauldron[level]`
    dataVersion: 2679,
    fixer: 'CauldronRenameFix',
    up: (s) => {
      if (s.name !== mc('cauldron') || Object.keys(s.properties).length === 0) return undefined;
      const level = s.properties['level'] ?? '0';
      return level === '0'
        ? { name: s.name, properties: {} }
        : { name: mc('water_cauldron'), properties: { ...s.properties } };
    },
  },
  rename(2680, 'Renamed grass path block to dirt path', { grass_path: 'dirt_path' }),
  rename(2690, 'Renamed copper blocks to new oxidized terms', {
    weathered_copper_block: 'oxidized_copper_block',
    semi_weathered_copper_block: 'weathered_copper_block',
    lightly_weathered_copper_block: 'exposed_copper_block',
    weathered_cut_copper: 'oxidized_cut_copper',
    semi_weathered_cut_copper: 'weathered_cut_copper',
    lightly_weathered_cut_copper: 'exposed_cut_copper',
    weathered_cut_copper_stairs: 'oxidized_cut_copper_stairs',
    semi_weathered_cut_copper_stairs: 'weathered_cut_copper_stairs',
    lightly_weathered_cut_copper_stairs: 'exposed_cut_copper_stairs',
    weathered_cut_copper_slab: 'oxidized_cut_copper_slab',
    semi_weathered_cut_copper_slab: 'weathered_cut_copper_slab',
    lightly_weathered_cut_copper_slab: 'exposed_cut_copper_slab',
    waxed_semi_weathered_copper: 'waxed_weathered_copper',
    waxed_lightly_weathered_copper: 'waxed_exposed_copper',
    waxed_semi_weathered_cut_copper: 'waxed_weathered_cut_copper',
    waxed_lightly_weathered_cut_copper: 'waxed_exposed_cut_copper',
    waxed_semi_weathered_cut_copper_stairs: 'waxed_weathered_cut_copper_stairs',
    waxed_lightly_weathered_cut_copper_stairs: 'waxed_exposed_cut_copper_stairs',
    waxed_semi_weathered_cut_copper_slab: 'waxed_weathered_cut_copper_slab',
    waxed_lightly_weathered_cut_copper_slab: 'waxed_exposed_cut_copper_slab',
  }),
  rename(2691, 'Rename copper blocks suffixes', {
    waxed_copper: 'waxed_copper_block',
    oxidized_copper_block: 'oxidized_copper',
    weathered_copper_block: 'weathered_copper',
    exposed_copper_block: 'exposed_copper',
  }),
  rename(2696, 'Renamed grimstone blocks to deepslate', {
    grimstone: 'deepslate',
    grimstone_slab: 'cobbled_deepslate_slab',
    grimstone_stairs: 'cobbled_deepslate_stairs',
    grimstone_wall: 'cobbled_deepslate_wall',
    polished_grimstone: 'polished_deepslate',
    polished_grimstone_slab: 'polished_deepslate_slab',
    polished_grimstone_stairs: 'polished_deepslate_stairs',
    polished_grimstone_wall: 'polished_deepslate_wall',
    grimstone_tiles: 'deepslate_tiles',
    grimstone_tile_slab: 'deepslate_tile_slab',
    grimstone_tile_stairs: 'deepslate_tile_stairs',
    grimstone_tile_wall: 'deepslate_tile_wall',
    grimstone_bricks: 'deepslate_bricks',
    grimstone_brick_slab: 'deepslate_brick_slab',
    grimstone_brick_stairs: 'deepslate_brick_stairs',
    grimstone_brick_wall: 'deepslate_brick_wall',
    chiseled_grimstone: 'chiseled_deepslate',
  }),
  rename(2700, 'Renamed cave vines blocks', {
    cave_vines_head: 'cave_vines',
    cave_vines_body: 'cave_vines_plant',
  }),
  rename(2717, 'Rename azalea_leaves_flowers', { azalea_leaves_flowers: 'flowering_azalea_leaves' }),
  rename(3692, 'Rename grass block to short_grass', { grass: 'short_grass' }),
  renameProperty(
    4294,
    'CreakingHeartBlockStateFix',
    'creaking_heart',
    'active',
    'creaking_heart_state',
    { true: 'awake', false: 'uprooted' },
    // `dormant` (new in 1.21.5) has no `active` value of its own: it goes back as not active
    { awake: 'true', uprooted: 'false', dormant: 'false' },
  ),
  renameProperty(4305, 'rename test block mode', 'test_block', 'test_block_mode', 'mode', {}, {}),
  rename(4541, 'Rename chain to iron_chain', { chain: 'iron_chain' }),
];

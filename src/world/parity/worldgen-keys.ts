/**
 * Registry keys of vanilla 1.21.4 worldgen that `place jigsaw` and `place structure` tell apart from
 * unknown ids: the template pools (minecraft:worldgen/template_pool, every Pools.createKey / Pools.register
 * in net/minecraft/data/worldgen/*Pools.java) and the structures (minecraft:worldgen/structure,
 * net/minecraft/world/level/levelgen/structure/BuiltinStructures.java).
 */
const POOL_NAMES = `
ancient_city/city/entrance ancient_city/city_center ancient_city/city_center/walls ancient_city/sculk
ancient_city/structures ancient_city/walls ancient_city/walls/no_corners bastion/blocks/gold
bastion/bridge/bridge_pieces bastion/bridge/connectors bastion/bridge/legs
bastion/bridge/rampart_plates bastion/bridge/ramparts bastion/bridge/starting_pieces
bastion/bridge/walls bastion/hoglin_stable/connectors bastion/hoglin_stable/large_stables/inner
bastion/hoglin_stable/large_stables/outer bastion/hoglin_stable/mirrored_starting_pieces
bastion/hoglin_stable/posts bastion/hoglin_stable/rampart_plates bastion/hoglin_stable/ramparts
bastion/hoglin_stable/small_stables/inner bastion/hoglin_stable/small_stables/outer
bastion/hoglin_stable/stairs bastion/hoglin_stable/starting_pieces bastion/hoglin_stable/wall_bases
bastion/hoglin_stable/walls bastion/mobs/hoglin bastion/mobs/piglin bastion/mobs/piglin_melee
bastion/starts bastion/treasure/bases bastion/treasure/bases/centers bastion/treasure/brains
bastion/treasure/connectors bastion/treasure/corners/bottom bastion/treasure/corners/edges
bastion/treasure/corners/middle bastion/treasure/corners/top bastion/treasure/entrances
bastion/treasure/extensions/houses bastion/treasure/extensions/large_pool
bastion/treasure/extensions/small_pool bastion/treasure/ramparts bastion/treasure/roofs
bastion/treasure/stairs bastion/treasure/walls bastion/treasure/walls/bottom bastion/treasure/walls/mid
bastion/treasure/walls/outer bastion/treasure/walls/top bastion/units/center_pieces
bastion/units/edge_wall_units bastion/units/edges bastion/units/fillers/stage_0
bastion/units/large_ramparts bastion/units/pathways bastion/units/rampart_plates bastion/units/ramparts
bastion/units/stages/rot/stage_1 bastion/units/stages/stage_0 bastion/units/stages/stage_1
bastion/units/stages/stage_2 bastion/units/stages/stage_3 bastion/units/wall_units
bastion/units/walls/wall_bases empty pillager_outpost/base_plates pillager_outpost/feature_plates
pillager_outpost/features pillager_outpost/towers trail_ruins/buildings trail_ruins/buildings/grouped
trail_ruins/decor trail_ruins/roads trail_ruins/tower trail_ruins/tower/additions
trail_ruins/tower/tower_top trial_chambers/atrium trial_chambers/chamber/addon
trial_chambers/chamber/assembly trial_chambers/chamber/end trial_chambers/chamber/entrance_cap
trial_chambers/chamber/eruption trial_chambers/chamber/pedestal trial_chambers/chamber/slanted
trial_chambers/chambers/end trial_chambers/chests/contents/supply trial_chambers/chests/supply
trial_chambers/corridor trial_chambers/corridor/slices trial_chambers/corridors/addon/lower
trial_chambers/corridors/addon/middle trial_chambers/corridors/addon/middle_upper trial_chambers/decor
trial_chambers/decor/bed trial_chambers/decor/chamber trial_chambers/decor/disposal
trial_chambers/dispensers/chamber trial_chambers/entrance trial_chambers/hallway
trial_chambers/hallway/fallback trial_chambers/reward/all trial_chambers/reward/contents/default
trial_chambers/reward/ominous_vault trial_chambers/spawner/all trial_chambers/spawner/breeze
trial_chambers/spawner/contents/breeze trial_chambers/spawner/melee trial_chambers/spawner/ranged
trial_chambers/spawner/slow_ranged trial_chambers/spawner/small_melee village/common/animals
village/common/butcher_animals village/common/cats village/common/iron_golem village/common/sheep
village/common/well_bottoms village/desert/camel village/desert/decor village/desert/houses
village/desert/streets village/desert/terminators village/desert/town_centers village/desert/villagers
village/desert/zombie/decor village/desert/zombie/houses village/desert/zombie/streets
village/desert/zombie/terminators village/desert/zombie/villagers village/plains/decor
village/plains/houses village/plains/streets village/plains/terminators village/plains/town_centers
village/plains/trees village/plains/villagers village/plains/zombie/decor village/plains/zombie/houses
village/plains/zombie/streets village/plains/zombie/villagers village/savanna/decor
village/savanna/houses village/savanna/streets village/savanna/terminators village/savanna/town_centers
village/savanna/trees village/savanna/villagers village/savanna/zombie/decor
village/savanna/zombie/houses village/savanna/zombie/streets village/savanna/zombie/terminators
village/savanna/zombie/villagers village/snowy/decor village/snowy/houses village/snowy/streets
village/snowy/terminators village/snowy/town_centers village/snowy/trees village/snowy/villagers
village/snowy/zombie/decor village/snowy/zombie/houses village/snowy/zombie/streets
village/snowy/zombie/villagers village/taiga/decor village/taiga/houses village/taiga/streets
village/taiga/terminators village/taiga/town_centers village/taiga/villagers village/taiga/zombie/decor
village/taiga/zombie/houses village/taiga/zombie/streets village/taiga/zombie/villagers`;

const STRUCTURE_NAMES = `
pillager_outpost mineshaft mineshaft_mesa mansion jungle_pyramid desert_pyramid igloo shipwreck
shipwreck_beached swamp_hut stronghold monument ocean_ruin_cold ocean_ruin_warm fortress nether_fossil
end_city buried_treasure bastion_remnant village_plains village_desert village_savanna village_snowy
village_taiga ruined_portal ruined_portal_desert ruined_portal_jungle ruined_portal_swamp
ruined_portal_mountain ruined_portal_ocean ruined_portal_nether ancient_city trail_ruins trial_chambers`;

const words = (text: string): ReadonlySet<string> => new Set(text.split(/\s+/).filter(Boolean));

export const TEMPLATE_POOLS = words(POOL_NAMES);
export const STRUCTURES = words(STRUCTURE_NAMES);

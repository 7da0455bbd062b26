/**
 * Block colours for the renderer: a small table of average texture colours for common building blocks,
 * rules for dyed, wooden and stair/slab/wall variants, and a deterministic colour from the name for the
 * rest. No assets are loaded at run time.
 */
import type { Rgb } from './raster.js';

export interface BlockColour {
  rgb: Rgb;
  /** 1 opaque; below 1 for glass, water, ice */
  alpha: number;
  /** lights stand out as light sources in the picture */
  emissive?: true;
}

const DYES: Record<string, Rgb> = {
  white: [234, 236, 237],
  orange: [241, 118, 20],
  magenta: [189, 68, 179],
  light_blue: [58, 175, 217],
  yellow: [248, 198, 40],
  lime: [112, 185, 26],
  pink: [238, 141, 172],
  gray: [63, 68, 72],
  light_gray: [142, 142, 135],
  cyan: [21, 138, 145],
  purple: [122, 42, 173],
  blue: [53, 57, 157],
  brown: [114, 72, 41],
  green: [85, 110, 28],
  red: [161, 39, 35],
  black: [21, 21, 26],
};

// wood -> [planks, bark]
const WOODS: Record<string, readonly [Rgb, Rgb]> = {
  oak: [
    [162, 130, 78],
    [109, 85, 51],
  ],
  spruce: [
    [115, 85, 49],
    [59, 38, 17],
  ],
  birch: [
    [196, 179, 123],
    [216, 215, 210],
  ],
  jungle: [
    [160, 115, 81],
    [85, 68, 25],
  ],
  acacia: [
    [168, 90, 50],
    [103, 96, 86],
  ],
  dark_oak: [
    [67, 43, 20],
    [60, 46, 26],
  ],
  mangrove: [
    [117, 54, 48],
    [84, 67, 41],
  ],
  cherry: [
    [226, 178, 172],
    [55, 33, 44],
  ],
  pale_oak: [
    [228, 218, 216],
    [88, 80, 77],
  ],
  bamboo: [
    [194, 173, 80],
    [127, 144, 58],
  ],
  crimson: [
    [101, 48, 70],
    [93, 26, 30],
  ],
  warped: [
    [43, 104, 99],
    [58, 58, 77],
  ],
};

const TABLE: Record<string, Rgb> = {
  stone: [125, 125, 125],
  cobblestone: [127, 127, 127],
  mossy_cobblestone: [110, 118, 94],
  stone_bricks: [122, 121, 122],
  mossy_stone_bricks: [115, 121, 105],
  cracked_stone_bricks: [118, 117, 118],
  chiseled_stone_bricks: [119, 118, 119],
  smooth_stone: [158, 158, 158],
  andesite: [136, 136, 137],
  polished_andesite: [132, 135, 134],
  diorite: [188, 188, 188],
  polished_diorite: [192, 193, 194],
  granite: [149, 103, 85],
  polished_granite: [154, 106, 89],
  deepslate: [80, 80, 82],
  cobbled_deepslate: [77, 77, 80],
  polished_deepslate: [72, 72, 73],
  deepslate_bricks: [70, 70, 71],
  deepslate_tiles: [54, 54, 55],
  tuff: [108, 109, 102],
  calcite: [223, 224, 220],
  blackstone: [42, 36, 41],
  polished_blackstone: [53, 48, 56],
  polished_blackstone_bricks: [48, 42, 49],
  sandstone: [216, 203, 155],
  smooth_sandstone: [223, 214, 170],
  cut_sandstone: [217, 206, 159],
  red_sandstone: [186, 99, 29],
  bricks: [150, 97, 83],
  mud_bricks: [137, 103, 79],
  nether_bricks: [44, 21, 26],
  red_nether_bricks: [69, 7, 9],
  quartz_block: [235, 229, 222],
  smooth_quartz: [235, 229, 222],
  quartz_bricks: [234, 229, 221],
  quartz_pillar: [235, 230, 224],
  prismarine: [99, 156, 151],
  prismarine_bricks: [99, 171, 158],
  dark_prismarine: [51, 91, 75],
  end_stone: [219, 222, 158],
  end_stone_bricks: [218, 224, 162],
  purpur_block: [169, 125, 169],
  obsidian: [15, 10, 24],
  netherrack: [97, 38, 38],
  basalt: [80, 81, 86],
  terracotta: [152, 94, 67],
  bedrock: [85, 85, 85],
  grass_block: [127, 178, 56],
  dirt: [134, 96, 67],
  coarse_dirt: [119, 85, 59],
  podzol: [91, 63, 24],
  rooted_dirt: [144, 103, 76],
  dirt_path: [148, 122, 65],
  farmland: [110, 73, 45],
  mud: [60, 57, 60],
  sand: [219, 207, 163],
  red_sand: [190, 102, 33],
  gravel: [131, 127, 126],
  clay: [160, 166, 179],
  snow_block: [249, 254, 254],
  snow: [249, 254, 254],
  packed_ice: [141, 180, 250],
  blue_ice: [116, 167, 253],
  moss_block: [89, 109, 45],
  moss_carpet: [89, 109, 45],
  lava: [207, 92, 20],
  iron_block: [220, 220, 220],
  gold_block: [246, 208, 61],
  diamond_block: [98, 237, 228],
  emerald_block: [42, 203, 87],
  lapis_block: [30, 67, 140],
  redstone_block: [175, 24, 5],
  coal_block: [16, 15, 15],
  copper_block: [192, 107, 79],
  bookshelf: [117, 94, 59],
  crafting_table: [119, 88, 55],
  furnace: [110, 110, 110],
  chest: [162, 116, 46],
  barrel: [134, 100, 58],
  hay_block: [166, 136, 38],
  iron_bars: [136, 139, 135],
  iron_door: [194, 193, 193],
  iron_trapdoor: [202, 202, 202],
  redstone_lamp: [95, 54, 30],
};

const LIGHTS: Record<string, Rgb> = {
  torch: [255, 200, 80],
  wall_torch: [255, 200, 80],
  soul_torch: [120, 220, 230],
  soul_wall_torch: [120, 220, 230],
  redstone_torch: [230, 40, 20],
  redstone_wall_torch: [230, 40, 20],
  lantern: [232, 168, 72],
  soul_lantern: [80, 180, 190],
  glowstone: [214, 172, 102],
  sea_lantern: [172, 199, 190],
  shroomlight: [240, 146, 70],
  jack_o_lantern: [215, 152, 53],
  end_rod: [220, 220, 210],
  campfire: [240, 150, 50],
  ochre_froglight: [251, 245, 207],
};

const TRANSLUCENT: Record<string, BlockColour> = {
  glass: { rgb: [200, 226, 236], alpha: 0.35 },
  glass_pane: { rgb: [200, 226, 236], alpha: 0.35 },
  tinted_glass: { rgb: [44, 38, 46], alpha: 0.75 },
  water: { rgb: [63, 118, 228], alpha: 0.55 },
  ice: { rgb: [145, 183, 253], alpha: 0.7 },
};

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] * (1 - t) + b[0] * t),
  Math.round(a[1] * (1 - t) + b[1] * t),
  Math.round(a[2] * (1 - t) + b[2] * t),
];

const DYE_PATTERN = new RegExp(`^(${Object.keys(DYES).join('|')})_(.+)$`);
const WOOD_PATTERN = new RegExp(`^(stripped_)?(${Object.keys(WOODS).join('|')})_(.+)$`);
const BARK = /^(log|wood|stem|hyphae|block)$/;
const VARIANT = /_(stairs|slab|wall|fence|fence_gate|pressure_plate|button)$/;

function dyed(dye: Rgb, variant: string): BlockColour | undefined {
  if (variant === 'stained_glass' || variant === 'stained_glass_pane') return { rgb: dye, alpha: 0.5 };
  if (variant === 'terracotta') return { rgb: mix(dye, [150, 92, 66], 0.55), alpha: 1 };
  if (variant === 'concrete') return { rgb: mix(dye, [0, 0, 0], 0.08), alpha: 1 };
  if (variant === 'concrete_powder') return { rgb: mix(dye, [255, 255, 255], 0.2), alpha: 1 };
  if (/^(wool|carpet|bed|banner|wall_banner|candle|shulker_box|glazed_terracotta)$/.test(variant)) {
    return { rgb: dye, alpha: 1 };
  }
  return undefined;
}

/** Base names a variant may take its colour from: `stone_brick_stairs` -> stone_bricks, `quartz_slab` -> quartz_block. */
const bases = (name: string): string[] => {
  const base = name.replace(VARIANT, '');
  return [base, `${base}s`, `${base}_block`, base.replace(/^smooth_/, '')];
};

function lookup(name: string): BlockColour | undefined {
  const translucent = TRANSLUCENT[name];
  if (translucent) return translucent;
  const light = LIGHTS[name];
  if (light) return { rgb: light, alpha: 1, emissive: true };
  const plain = TABLE[name];
  if (plain) return { rgb: plain, alpha: 1 };
  const dye = DYE_PATTERN.exec(name);
  if (dye) {
    const colour = dyed(DYES[dye[1]!]!, dye[2]!);
    if (colour) return colour;
  }
  const wood = WOOD_PATTERN.exec(name);
  if (wood) {
    const [planks, bark] = WOODS[wood[2]!]!;
    if (BARK.test(wood[3]!)) return { rgb: wood[1] ? mix(planks, [255, 255, 255], 0.08) : bark, alpha: 1 };
    if (/leaves|sapling/.test(wood[3]!))
      return { rgb: wood[2] === 'cherry' ? [232, 170, 200] : [70, 120, 45], alpha: 1 };
    // doors a shade darker than the planks they stand in, so they show in a plank wall
    return { rgb: /door$/.test(wood[3]!) ? mix(planks, [0, 0, 0], 0.3) : planks, alpha: 1 };
  }
  if (/_leaves$/.test(name)) return { rgb: [70, 120, 45], alpha: 1 };
  return undefined;
}

/** FNV-1a over the name, as a mid-saturation, mid-lightness colour. */
export function hashColour(name: string): Rgb {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  const hue = (h % 360) / 60;
  const s = 0.45;
  const l = 0.5;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs((hue % 2) - 1));
  const m = l - c / 2;
  const sector = Math.floor(hue);
  const [r, g, b] = [
    [c, x, 0],
    [x, c, 0],
    [0, c, x],
    [0, x, c],
    [x, 0, c],
    [c, 0, x],
  ][sector]!;
  return [Math.round((r! + m) * 255), Math.round((g! + m) * 255), Math.round((b! + m) * 255)];
}

/** The colour of a block id (`minecraft:` optional). */
export function blockColour(name: string): BlockColour {
  if (name.includes(':') && !name.startsWith('minecraft:')) return { rgb: hashColour(name), alpha: 1 };
  const id = name.replace(/^minecraft:/, '');
  const direct = lookup(id);
  if (direct) return direct;
  for (const base of bases(id)) {
    const colour = base === id ? undefined : lookup(base);
    if (colour) return colour;
  }
  return { rgb: hashColour(name), alpha: 1 };
}

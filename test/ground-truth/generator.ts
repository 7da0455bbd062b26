/**
 * A seeded generator of buildings that knows their truth by construction: the commands that build one (the
 * batch), the world they leave (a grid over flat terrain), its rooms with their boxes, which rooms a player can
 * walk into from open sky, what holds what up, and the spaces that are no room (roof space, pavilion, garden).
 * It imports nothing from src/: it is the yardstick the building model is measured against.
 */
import { Builder, type NotRoom, type Support, type TruthRoom } from './build.js';
import { FAMILIES, type Family } from './families.js';
import { type Box3, bounding, type Grid, grow, type Pos } from './grid.js';
import { Rng } from './prng.js';

export interface Building {
  seed: number;
  family: Family;
  /** the batch that built it, in order */
  commands: string[];
  /** the world after the batch (terrain, site and building) */
  grid: Grid;
  rooms: TruthRoom[];
  notRooms: NotRoom[];
  supports: Support[];
  /** the building's cells and two around them: where a player's paths to it are walked */
  near: Box3;
  /** the box the building and its surroundings take: cleared by `site` before the batch runs */
  site: Box3;
  /** commands that make the world inside `site` what the grid holds before the batch (flat terrain) */
  siteCommands: string[];
  origin: Pos;
}

export interface GenerateOptions {
  /** the building's corner at floor level; default (0, 64, 0) */
  origin?: Pos;
  /** only this family */
  family?: Family;
}

const NAMES = Object.keys(FAMILIES) as Family[];
/** how far the site reaches past the building's corner: the hints read 6 blocks around the writes */
const SITE = { before: 8, after: 26, below: 11, above: 24 } as const;

export const generate = (seed: number, options: GenerateOptions = {}): Building => {
  const rng = new Rng(seed);
  // the pick is drawn even when the family is given: a seed's building is the same either way
  const picked = rng.pick(NAMES);
  const family = options.family ?? picked;
  const origin = options.origin ?? { x: 0, y: 64, z: 0 };
  const b = new Builder(origin, origin.y);
  FAMILIES[family](b, rng);
  return finish(b, seed, family);
};

/** What a builder built, as a generated building (the generator's families, or a test's own building). */
export const finish = (b: Builder, seed: number, family: Family): Building => {
  const { origin } = b;
  const site: Box3 = {
    min: { x: origin.x - SITE.before, y: origin.y - SITE.below, z: origin.z - SITE.before },
    max: { x: origin.x + SITE.after, y: origin.y + SITE.above, z: origin.z + SITE.after },
  };
  return {
    seed,
    family,
    commands: b.commands,
    grid: b.grid,
    rooms: b.rooms,
    notRooms: b.notRooms,
    supports: b.supports,
    near: grow(bounding(b.grid.written())!, 2),
    site,
    siteCommands: siteCommands(site, b.groundY),
    origin,
  };
};

/** Flat terrain inside the site, as the grid's: stone, three dirt, grass at ground level, air above. */
export const siteCommands = (site: Box3, groundY: number): string[] => {
  const { min, max } = site;
  const layer = (y0: number, y1: number, block: string): string[] => {
    // fills within vanilla's 32,768-block limit
    const perY = (max.x - min.x + 1) * (max.z - min.z + 1);
    const step = Math.max(1, Math.floor(32_768 / perY));
    const out: string[] = [];
    for (let y = y0; y <= y1; y += step)
      out.push(`fill ${min.x} ${y} ${min.z} ${max.x} ${Math.min(y1, y + step - 1)} ${max.z} ${block}`);
    return out;
  };
  return [
    ...layer(groundY + 1, max.y, 'minecraft:air'),
    ...layer(min.y, groundY - 4, 'minecraft:stone'),
    ...layer(groundY - 3, groundY - 1, 'minecraft:dirt'),
    ...layer(groundY, groundY, 'minecraft:grass_block'),
  ];
};

/** One line that reruns a building's check (at the default origin) and prints the building and the answer. */
export const reproduce = (seed: number, family?: string): string =>
  `npm run ground-truth -- --count 1 --seed ${seed}${family ? ` --family ${family}` : ''} --verbose`;

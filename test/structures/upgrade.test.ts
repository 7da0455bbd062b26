/**
 * The upgrade path's parts without a server: vanilla's flattening table against minecraft-data's
 * legacy.json (where they disagree, and why), ChunkPalettedStorageFix's fill-ins, the DataFixers rules in
 * order (up and down), the report, and neighbour shapes against an oracle written here from vanilla's
 * StairBlock / FenceBlock / IronBarsBlock / WallBlock, over every arrangement fast-check draws (seeded).
 */
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  type BlockState,
  blockStateKey,
  parseBlockStateKey,
} from '../../src/vocabulary/blocks/block-state.js';
import { fillLegacyGaps, flattenLegacy, flatteningTable } from '../../src/structures/upgrade/flattening.js';
import { RULES } from '../../src/structures/upgrade/rules.js';
import { instrumentOf } from '../../src/vocabulary/block-behaviour/note-blocks.js';
import { updateShapes } from '../../src/structures/upgrade/shapes.js';
import { type UpgradeTarget, upgradeStructure } from '../../src/structures/upgrade/index.js';
import { dataVersionOfRelease, releaseOfDataVersion } from '../../src/structures/upgrade/data-versions.js';
import type { Structure } from '../../src/structures/store.js';

const require = createRequire(import.meta.url);
const S = parseBlockStateKey;
const K = blockStateKey;

function target(version: string): UpgradeTarget {
  const data = require('minecraft-data')(version) as {
    blocksByName: Record<string, { states?: Array<{ name: string; type: string; values?: string[] }> }>;
  };
  return {
    version,
    dataVersion: dataVersionOfRelease(version)!,
    states: (name) => data.blocksByName[name.replace('minecraft:', '')]?.states,
  };
}

function structureOf(rows: string[], dataVersion?: number): Structure {
  return {
    format: 'mcbridge-structure',
    version: 1,
    name: 't',
    savedAt: '',
    size: { x: rows.length, y: 1, z: 1 },
    palette: rows,
    blocks: rows.map((_, i) => i),
    ...(dataVersion !== undefined ? { dataVersion } : {}),
  };
}

describe('data versions (minecraft-data protocolVersions.json)', () => {
  test.each([
    ['1.12.2', 1343],
    ['1.13', 1519],
    ['1.16.4', 2584],
    ['1.21.4', 4189],
    ['1.21.11', 4671],
  ])('%s is DataVersion %i, and back', (version, dv) => {
    expect(dataVersionOfRelease(version)).toBe(dv);
    expect(releaseOfDataVersion(dv)).toBe(version);
  });
  test('a snapshot’s DataVersion names the releases around it', () => {
    expect(releaseOfDataVersion(2600)).toBe('a snapshot between 1.16.5 and 1.17');
  });
});

describe('the 1.13 flattening: vanilla’s BlockStateData, and where minecraft-data’s legacy.json differs', () => {
  test('rows hand-checked in BlockStateData.java (register(id * 16 + data, new state, old states…))', () => {
    expect(flattenLegacy(96, 4)).toBe('minecraft:oak_trapdoor[facing=north,half=bottom,open=true]');
    expect(flattenLegacy(53, 0)).toBe('minecraft:oak_stairs[facing=east,half=bottom,shape=straight]');
    expect(flattenLegacy(64, 1)).toBe(
      'minecraft:oak_door[facing=south,half=lower,hinge=right,open=false,powered=false]',
    );
    expect(flattenLegacy(64, 9)).toBe(
      'minecraft:oak_door[facing=east,half=upper,hinge=right,open=false,powered=false]',
    );
    expect(flattenLegacy(118, 0)).toBe('minecraft:cauldron[level=0]');
    expect(flattenLegacy(31, 1)).toBe('minecraft:grass');
    expect(flattenLegacy(17, 12)).toBe('minecraft:oak_bark');
    // a data value vanilla leaves out takes the id's first row (BlockStateData.finalizeMaps)
    expect(flattenLegacy(1, 15)).toBe('minecraft:stone');
    expect(flattenLegacy(4095, 0)).toBeUndefined();
  });

  test('legacy.json agrees with vanilla after the fixes up to 1.13.2, except in these kinds of row', () => {
    const legacy = (require('minecraft-data') as { legacy: { pc: { blocks: Record<string, string> } } })
      .legacy.pc.blocks;
    const table = flatteningTable();
    const kinds = new Map<string, number>();
    for (const [key, theirs] of Object.entries(legacy)) {
      const row = table[key];
      let kind: string;
      if (row === undefined) kind = 'vanilla has no row';
      else {
        let ours = S(row);
        for (const rule of RULES.filter((r) => r.dataVersion <= 1631)) ours = rule.up(ours) ?? ours;
        const other = S(theirs);
        const diff = [
          ...(other.name !== ours.name ? ['name'] : []),
          ...Object.entries(other.properties)
            .filter(([p, v]) => ours.properties[p] !== v)
            .map(([p]) => (ours.properties[p] === undefined ? `+${p}` : p)),
        ];
        if (!diff.length) continue;
        kind = `${ours.name.replace(/^minecraft:(?:[a-z]+_)*?(stairs|trapdoor|leaves|bed)$/, 'minecraft:*_$1')} ${diff.join(',')}`;
      }
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    expect(Object.fromEntries([...kinds].sort())).toEqual({
      // legacy.json: occupied beds; vanilla has no rows for data 4–7 and reads them as its first row
      'minecraft:*_bed facing,occupied': 3,
      'minecraft:*_bed occupied': 1,
      // leaves: legacy.json writes a distance; vanilla leaves it to LeavesBlock.updateDistance (a shape)
      'minecraft:*_leaves +distance': 24,
      // the bug this path fixes: legacy.json's stairs are outer_right, vanilla's straight (then shaped)
      'minecraft:*_stairs shape': 8,
      // …and its open trapdoors powered=true, where vanilla names no `powered` (the default, false)
      'minecraft:*_trapdoor +powered': 16,
      'minecraft:comparator powered': 16,
      'minecraft:lever facing': 8,
      'minecraft:oak_button facing': 4,
      'minecraft:peony name': 4,
      'minecraft:potted_cactus name': 15,
      'minecraft:quartz_block name,+axis': 2,
      'minecraft:shulker_box name': 6,
      'minecraft:stone_button facing': 4,
      'minecraft:sunflower name,half': 2,
      'minecraft:vine up': 16,
      'vanilla has no row': 12,
    });
  });
});

describe('ChunkPalettedStorageFix’s fill-ins', () => {
  const column = (keys: string[], entities = new Map<number, Record<string, unknown>>()) => {
    const grid = { size: { x: 1, y: keys.length, z: 1 }, states: keys.map(S), blockEntities: entities };
    const counts = fillLegacyGaps(grid);
    return { states: grid.states.map(K), counts };
  };
  test('a door’s halves share facing and open (lower) with hinge and powered (upper)', () => {
    const { states, counts } = column([flattenLegacy(64, 1)!, flattenLegacy(64, 9)!]);
    expect(states).toEqual([
      'minecraft:oak_door[facing=south,half=lower,hinge=right,open=false,powered=false]',
      'minecraft:oak_door[facing=south,half=upper,hinge=right,open=false,powered=false]',
    ]);
    expect(counts).toEqual({ 'door halves': 1 });
  });
  test('a tall plant’s upper half is named by its lower half; snow makes the grass below snowy', () => {
    expect(column([flattenLegacy(175, 2)!, flattenLegacy(175, 8)!]).states).toEqual([
      'minecraft:tall_grass[half=lower]',
      'minecraft:tall_grass[half=upper]',
    ]);
    expect(column([flattenLegacy(2, 0)!, flattenLegacy(78, 0)!]).states[0]).toBe(
      'minecraft:grass_block[snowy=true]',
    );
  });
  test('a bed takes its colour from its block entity; red without one', () => {
    expect(column([flattenLegacy(26, 0)!], new Map([[0, { color: 11 }]])).states[0]).toBe(
      'minecraft:blue_bed[facing=south,occupied=false,part=foot]',
    );
    expect(column([flattenLegacy(26, 0)!]).states[0]).toBe(
      'minecraft:red_bed[facing=south,occupied=false,part=foot]',
    );
  });
});

describe('ChunkPalettedStorageFix’s fill-ins from block entities (flower pots, note blocks, skulls, banners)', () => {
  const one = (id: number, data: number, entity?: Record<string, unknown>) => {
    const grid = {
      size: { x: 1, y: 1, z: 1 },
      states: [S(flattenLegacy(id, data) ?? `mcedit:unknown_${id}_${data}`)],
      blockEntities: new Map(entity ? [[0, entity]] : []),
    };
    const counts = fillLegacyGaps(grid);
    return { state: K(grid.states[0]!), counts };
  };
  test('a flower pot holds the plant its Item and Data name (FLOWER_POT_MAP); anything else is an empty pot', () => {
    expect(one(140, 0, { Item: 'minecraft:red_flower', Data: 3 })).toEqual({
      state: 'minecraft:potted_azure_bluet',
      counts: { 'flower pots': 1 },
    });
    expect(one(140, 0, { Item: 'minecraft:sapling', Data: 5 }).state).toBe(
      'minecraft:potted_dark_oak_sapling',
    );
    expect(one(140, 0, { Item: 'minecraft:tallgrass', Data: 2 }).state).toBe('minecraft:potted_fern');
    expect(one(140, 0, { Item: 'minecraft:air', Data: 0 }).state).toBe('minecraft:flower_pot');
    expect(one(140, 0, { Item: 'minecraft:diamond', Data: 0 }).state).toBe('minecraft:flower_pot');
  });
  test('a note block takes note (clamped to 0–24) and powered from its block entity', () => {
    expect(one(25, 0, { note: 7, powered: 1 })).toEqual({
      state: 'minecraft:note_block[note=7,powered=true]',
      counts: { 'note blocks': 1 },
    });
    expect(one(25, 0, { note: 40 }).state).toBe('minecraft:note_block[note=24,powered=false]');
  });
  test('a skull: SkullType names the kind; on a wall the data value faces it, on the floor Rot turns it', () => {
    expect(one(144, 3, { SkullType: 4, Rot: 9 })).toEqual({
      state: 'minecraft:creeper_wall_head[facing=south]',
      counts: { skulls: 1 },
    });
    expect(one(144, 1, { SkullType: 1, Rot: 9 }).state).toBe('minecraft:wither_skeleton_skull[rotation=9]');
    expect(one(144, 5, { SkullType: 5 }).state).toBe('minecraft:dragon_wall_head[facing=east]');
    expect(one(144, 1, { SkullType: 9 }).state).toBe('minecraft:skeleton_wall_skull[facing=north]');
    // without a block entity the fix has nothing to go on: the id stays unknown and is named, never guessed
    expect(one(144, 2).state).toBe('mcedit:unknown_144_2');
  });
  test('a banner takes its colour from Base, numbered from black (0) to white (15)', () => {
    expect(one(176, 4, { Base: 4 })).toEqual({
      state: 'minecraft:blue_banner[rotation=4]',
      counts: { 'banner colours': 1 },
    });
    expect(one(177, 3, { Base: 0 }).state).toBe('minecraft:black_wall_banner[facing=south]');
    expect(one(177, 3, { Base: 15 }).state).toBe('minecraft:white_wall_banner[facing=south]');
  });
});

describe('the DataFixers rules in order, and the report', () => {
  test('a 1.16.4 file on 1.21.4: the cauldron split, grass path and grass renamed, counted per rule', () => {
    const { structure, report } = upgradeStructure(
      structureOf(
        [
          'minecraft:cauldron[level=0]',
          'minecraft:cauldron[level=3]',
          'minecraft:grass_path',
          'minecraft:grass',
        ],
        2584,
      ),
      target('1.21.4'),
    );
    expect(structure.palette).toEqual([
      'minecraft:cauldron',
      'minecraft:water_cauldron[level=3]',
      'minecraft:dirt_path',
      'minecraft:short_grass',
    ]);
    expect(report).toMatchObject({
      writtenIn: '1.16.4 (DataVersion 2584)',
      fromDataVersion: 2584,
      toDataVersion: 4189,
      changes: [
        { rule: 'CauldronRenameFix (DataVersion 2679)', blocks: 2 },
        { rule: 'BlockRenameFix "Renamed grass path block to dirt path" (DataVersion 2680)', blocks: 1 },
        { rule: 'BlockRenameFix "Rename grass block to short_grass" (DataVersion 3692)', blocks: 1 },
      ],
      notPlaceable: [],
    });
  });
  test('a 1.15 wall (true/false sides) reads low/none (WallPropertyFix); redstone gets its sides (2531)', () => {
    const alone = (key: string) =>
      upgradeStructure(structureOf([key], 2230), target('1.21.4')).structure.palette[0];
    expect(
      alone(
        'minecraft:cobblestone_wall[east=true,north=false,south=false,up=true,west=true,waterlogged=false]',
      ),
    ).toBe('minecraft:cobblestone_wall[east=low,north=none,south=none,up=true,waterlogged=false,west=low]');
    expect(alone('minecraft:redstone_wire[east=none,north=none,power=0,south=none,west=none]')).toBe(
      'minecraft:redstone_wire[east=side,north=side,power=0,south=side,west=side]',
    );
  });
  test('a newer file on an older server: one-to-one renames go back, what the server lacks is named', () => {
    const { structure, report } = upgradeStructure(
      structureOf(
        [
          'minecraft:iron_chain[axis=x,waterlogged=false]',
          'minecraft:creaking_heart[axis=y,creaking_heart_state=awake,natural=false]',
          'minecraft:copper_chest[facing=north,type=single,waterlogged=false]',
        ],
        4671,
      ),
      target('1.21.4'),
    );
    expect(structure.palette[0]).toBe('minecraft:chain[axis=x,waterlogged=false]');
    expect(structure.palette[1]).toBe('minecraft:creaking_heart[active=true,axis=y,natural=false]');
    expect(report.notPlaceable).toEqual([
      {
        state: 'minecraft:copper_chest[facing=north,type=single,waterlogged=false]',
        blocks: 1,
        reason: '1.21.4 has no block minecraft:copper_chest',
      },
    ]);
  });
  test('a property the server lacks is left out and named, never dropped silently', () => {
    const { structure, report } = upgradeStructure(
      structureOf(['minecraft:stone[shiny=true]'], 4189),
      target('1.21.4'),
    );
    expect(structure.palette[0]).toBe('minecraft:stone');
    expect(report.notPlaceable[0]!.reason).toContain('shiny=true (no such property in 1.21.4)');
  });
  test('a structure saved by mcbridge (no DataVersion) is the server’s own: unchanged', () => {
    const plan = structureOf([
      'minecraft:oak_stairs[facing=east,half=bottom,shape=outer_right,waterlogged=false]',
    ]);
    const { structure, report } = upgradeStructure(plan, target('1.21.4'));
    expect(structure.palette).toEqual(plan.palette);
    expect(report.changes).toEqual([]);
  });
});

// ——— neighbour shapes against an oracle written from vanilla's source ———

type Dir = 'north' | 'east' | 'south' | 'west';
const DIRS: Dir[] = ['north', 'east', 'south', 'west'];
const VEC: Record<Dir, readonly [number, number]> = {
  north: [0, -1],
  south: [0, 1],
  east: [1, 0],
  west: [-1, 0],
};
const turn = (d: Dir, quarter: number): Dir => DIRS[(DIRS.indexOf(d) + quarter + 4) % 4]!;

/** StairBlock.getStairsShape, written again from the source as a lookup of the two candidate stairs */
function oracleStairs(grid: (x: number, z: number) => BlockState, x: number, z: number): string {
  const me = grid(x, z);
  const f = me.properties['facing'] as Dir;
  const h = me.properties['half'];
  const stairAt = (d: Dir) => {
    const s = grid(x + VEC[d][0], z + VEC[d][1]);
    return s.name.endsWith('_stairs') && s.properties['half'] === h
      ? (s.properties['facing'] as Dir)
      : undefined;
  };
  const sameAs = (d: Dir) => stairAt(d) === f; // a stair of my facing and half stands there
  const ahead = stairAt(f);
  if (ahead && (ahead === turn(f, 1) || ahead === turn(f, -1)) && !sameAs(turn(ahead, 2)))
    return ahead === turn(f, -1) ? 'outer_left' : 'outer_right';
  const behind = stairAt(turn(f, 2));
  if (behind && (behind === turn(f, 1) || behind === turn(f, -1)) && !sameAs(behind))
    return behind === turn(f, -1) ? 'inner_left' : 'inner_right';
  return 'straight';
}

/** a stair's full sides as shaped (StairBlock's shapes): its back; an inner corner also the side it turns to */
function stairFullFaces(s: BlockState): Dir[] {
  const f = s.properties['facing'] as Dir;
  const shape = s.properties['shape'];
  if (shape === 'straight') return [f];
  if (shape === 'inner_left') return [f, turn(f, -1)];
  if (shape === 'inner_right') return [f, turn(f, 1)];
  return [];
}

/** FenceBlock / IronBarsBlock / WallBlock connections for the few kinds the grid holds */
function oracleSide(me: BlockState, other: BlockState, towards: Dir): boolean {
  const kind = (s: BlockState) =>
    s.name === 'minecraft:stone' || s.name === 'minecraft:glass'
      ? 'solid'
      : s.name.endsWith('_stairs')
        ? stairFullFaces(s).includes(turn(towards, 2))
          ? 'solid' // a full face of the stair (its back; an inner corner's side) faces me
          : 'other'
        : s.name.endsWith('_fence_gate')
          ? ['east', 'west'].includes(s.properties['facing']!) === ['north', 'south'].includes(towards)
            ? 'gate-across'
            : 'other'
          : s.name.replace('minecraft:', '');
  const k = kind(other);
  if (me.name === 'minecraft:oak_fence') return k === 'solid' || k === 'oak_fence' || k === 'gate-across';
  if (me.name === 'minecraft:glass_pane' || me.name === 'minecraft:iron_bars')
    return k === 'solid' || k === 'glass_pane' || k === 'iron_bars' || k === 'cobblestone_wall';
  return (
    k === 'solid' ||
    k === 'cobblestone_wall' ||
    k === 'glass_pane' ||
    k === 'iron_bars' ||
    k === 'gate-across'
  );
}

const cell = fc.oneof(
  fc.constantFrom(
    'minecraft:air',
    'minecraft:stone',
    'minecraft:glass',
    'minecraft:oak_leaves[distance=7,persistent=true,waterlogged=false]',
  ),
  fc
    .tuple(fc.constantFrom(...DIRS), fc.constantFrom('top', 'bottom'))
    .map(([f, h]) => `minecraft:oak_stairs[facing=${f},half=${h},shape=straight,waterlogged=false]`),
  fc.constantFrom(
    'minecraft:oak_fence[east=false,north=false,south=false,waterlogged=false,west=false]',
    'minecraft:glass_pane[east=false,north=false,south=false,waterlogged=false,west=false]',
    'minecraft:iron_bars[east=false,north=false,south=false,waterlogged=false,west=false]',
    'minecraft:cobblestone_wall[east=none,north=none,south=none,up=true,waterlogged=false,west=none]',
  ),
  fc
    .constantFrom(...DIRS)
    .map((f) => `minecraft:oak_fence_gate[facing=${f},in_wall=false,open=false,powered=false]`),
);

/** a rectangle of a block's bottom face in sixteenths: x0, x1, z0, z1 */
type Rect = readonly [number, number, number, number];
/** WallBlock's test shapes, as their footprint (each spans the block's full height) */
const WALL_TESTS: Record<'post' | Dir, Rect> = {
  post: [7, 9, 7, 9],
  north: [7, 9, 0, 9],
  south: [7, 9, 7, 16],
  west: [0, 9, 7, 9],
  east: [7, 16, 7, 9],
};
/**
 * The bottom face of the collision shape of the block above, as rectangles (undefined: a shape this
 * oracle does not model), from the block classes' boxes: a slab's and a stair's halves, the wall's
 * collision post (4..12) and arms (5..11 wide), nothing for air and the torches/signs/banners/plates.
 */
function oracleFace(s: BlockState): Rect[] | undefined {
  const n = s.name.replace('minecraft:', '');
  const full: Rect = [0, 16, 0, 16];
  if (['air', 'torch', 'oak_sign', 'white_banner', 'stone_pressure_plate'].includes(n)) return [];
  if (n === 'stone' || n === 'oak_leaves') return [full];
  if (n === 'smooth_stone_slab') return s.properties['type'] === 'top' ? [] : [full];
  if (n === 'oak_stairs') {
    if (s.properties['half'] === 'bottom') return [full];
    const step: Record<Dir, Rect> = {
      north: [0, 16, 0, 8],
      south: [0, 16, 8, 16],
      west: [0, 8, 0, 16],
      east: [8, 16, 0, 16],
    };
    return [step[s.properties['facing'] as Dir]];
  }
  // BellBlock: on the floor, a box across its facing's axis, 4..12 thick
  if (n === 'bell') return s.properties['facing'] === 'north' ? [[0, 16, 4, 12]] : undefined;
  if (n === 'lantern') return s.properties['hanging'] === 'true' ? [] : [[5, 11, 5, 11]];
  if (n === 'oak_fence') {
    // FenceBlock's collision: a post 6..10 and arms 6..10 wide (CrossCollisionBlock.makeShapes)
    const arms: Record<Dir, Rect> = {
      north: [6, 10, 0, 10],
      south: [6, 10, 6, 16],
      west: [0, 10, 6, 10],
      east: [6, 16, 6, 10],
    };
    return [[6, 10, 6, 10], ...DIRS.filter((d) => s.properties[d] === 'true').map((d) => arms[d])];
  }
  if (n === 'cobblestone_wall') {
    const arms: Record<Dir, Rect> = {
      north: [5, 11, 0, 11],
      south: [5, 11, 5, 16],
      west: [0, 11, 5, 11],
      east: [5, 16, 5, 11],
    };
    return [
      ...(s.properties['up'] === 'true' ? [[4, 12, 4, 12] as Rect] : []),
      ...DIRS.filter((d) => s.properties[d] !== 'none').map((d) => arms[d]),
    ];
  }
  return undefined;
}
/** WallBlock.isCovered: every sixteenth of the test's footprint lies in the face */
const oracleCovered = (face: Rect[], [x0, x1, z0, z1]: Rect) => {
  for (let x = x0; x < x1; x++)
    for (let z = z0; z < z1; z++)
      if (!face.some(([a, b, c, d]) => a <= x && x < b && c <= z && z < d)) return false;
  return true;
};
/** the wall's state under `above` (its own sides already known as connected or not), or the file's */
function oracleWall(me: BlockState, connected: Record<Dir, boolean>, above: BlockState) {
  const face = oracleFace(above);
  const side: Record<Dir, string> = { north: 'none', east: 'none', south: 'none', west: 'none' };
  for (const d of DIRS)
    if (connected[d])
      side[d] =
        oracleCovered(face ?? [], WALL_TESTS[d]) || (!face && me.properties[d] === 'tall') ? 'tall' : 'low';
  const none = (d: Dir) => side[d] === 'none';
  let up: string;
  if (above.name === 'minecraft:cobblestone_wall' && above.properties['up'] === 'true') up = 'true';
  else if (DIRS.every(none) || none('north') !== none('south') || none('east') !== none('west')) up = 'true';
  else if ((side.north === 'tall' && side.south === 'tall') || (side.east === 'tall' && side.west === 'tall'))
    up = 'false';
  else if (['torch', 'oak_sign', 'white_banner', 'stone_pressure_plate'].some((t) => above.name.endsWith(t)))
    up = 'true';
  else up = face ? String(oracleCovered(face, WALL_TESTS.post)) : me.properties['up']!;
  return { ...side, up };
}

const wallSide = fc.constantFrom('none', 'low', 'tall');
/** what stands on the grid: blocks whose bottom face the oracle models, and some it does not */
const aboveCell = fc.oneof(
  fc.constantFrom(
    'minecraft:air',
    'minecraft:stone',
    'minecraft:oak_leaves[distance=7,persistent=true,waterlogged=false]',
    'minecraft:torch',
    'minecraft:oak_sign[rotation=0,waterlogged=false]',
    'minecraft:white_banner[rotation=0]',
    'minecraft:stone_pressure_plate[powered=false]',
    'minecraft:lantern[hanging=false,waterlogged=false]',
    'minecraft:lantern[hanging=true,waterlogged=false]',
    'minecraft:bell[attachment=floor,facing=north,powered=false]',
    'minecraft:scaffolding[bottom=false,distance=0,waterlogged=false]',
    'minecraft:oak_fence[east=true,north=false,south=false,waterlogged=false,west=true]',
  ),
  fc
    .constantFrom('top', 'bottom', 'double')
    .map((t) => `minecraft:smooth_stone_slab[type=${t},waterlogged=false]`),
  fc
    .tuple(fc.constantFrom(...DIRS), fc.constantFrom('top', 'bottom'))
    .map(([f, h]) => `minecraft:oak_stairs[facing=${f},half=${h},shape=straight,waterlogged=false]`),
  fc
    .tuple(wallSide, wallSide, wallSide, wallSide, fc.boolean())
    .map(
      ([n, e, s, w, up]) =>
        `minecraft:cobblestone_wall[east=${e},north=${n},south=${s},up=${up},waterlogged=false,west=${w}]`,
    ),
);

describe('neighbour shapes (fast-check, seeded): every arrangement in a 4×2×4 grid', () => {
  test('stairs, fences, panes, bars and walls take the shape vanilla’s rules give', () => {
    fc.assert(
      fc.property(
        fc.array(cell, { minLength: 16, maxLength: 16 }),
        fc.array(aboveCell, { minLength: 16, maxLength: 16 }),
        (keys, aboveKeys) => {
          const states = keys.map(S);
          const aboveStates = aboveKeys.map(S);
          const size = { x: 4, y: 2, z: 4 };
          const grid = { size, states: [...states, ...aboveStates] };
          // the world around is air
          updateShapes(grid, () => ({ name: 'minecraft:air', properties: {} }));
          const air = S('minecraft:air');
          const at = (x: number, z: number) => (x < 0 || z < 0 || x > 3 || z > 3 ? air : states[z * 4 + x]!);
          // what joins a stair sees it as shaped
          const shapedAt = (x: number, z: number) => {
            const n = at(x, z);
            return n.name.endsWith('_stairs')
              ? { name: n.name, properties: { ...n.properties, shape: oracleStairs(at, x, z) } }
              : n;
          };
          for (let z = 0; z < 4; z++)
            for (let x = 0; x < 4; x++) {
              const me = states[z * 4 + x]!;
              const got = grid.states[z * 4 + x]!;
              const where = `${me.name} at ${x} ${z} under ${aboveKeys[z * 4 + x]}`;
              if (me.name.endsWith('_stairs'))
                expect(got.properties['shape'], `${x} ${z} ${keys.join(' ')}`).toBe(oracleStairs(at, x, z));
              else if (me.name.endsWith('_wall')) {
                const connected = Object.fromEntries(
                  DIRS.map((d) => [d, oracleSide(me, shapedAt(x + VEC[d][0], z + VEC[d][1]), d)]),
                ) as Record<Dir, boolean>;
                // the block on the wall as the grid shaped it (a fence's arms, a wall's post)
                const want = oracleWall(me, connected, grid.states[16 + z * 4 + x]!);
                for (const [k, v] of Object.entries(want))
                  expect(got.properties[k], `${where}: ${k}`).toBe(v);
              } else if (/fence$|pane$|bars$/.test(me.name))
                for (const d of DIRS) {
                  const on = oracleSide(me, shapedAt(x + VEC[d][0], z + VEC[d][1]), d);
                  expect(got.properties[d], `${where} side ${d}`).toBe(String(on));
                }
              else expect(K(got)).toBe(K(me));
            }
        },
      ),
      { seed: 41, numRuns: 2000 },
    );
  });

  test('hand-checked walls: what stands on a wall raises its post and makes its sides tall', () => {
    const wall =
      'minecraft:cobblestone_wall[east=none,north=none,south=none,up=true,waterlogged=false,west=none]';
    const stone = S('minecraft:stone');
    const air = S('minecraft:air');
    /** a straight east–west run of three walls between two stone blocks, with `on` on the middle one */
    const middle = (on: string) => {
      const grid = {
        size: { x: 5, y: 2, z: 1 },
        states: [stone, S(wall), S(wall), S(wall), stone, air, air, S(on), air, air],
      };
      updateShapes(grid, () => air);
      const p = grid.states[2]!.properties;
      return `up=${p['up']} east=${p['east']} west=${p['west']}`;
    };
    // a straight run with nothing on it: low sides, no post
    expect(middle('minecraft:air')).toBe('up=false east=low west=low');
    // a torch (wall_post_override) on a straight wall: a post, the sides stay low (a torch has no collision)
    expect(middle('minecraft:torch')).toBe('up=true east=low west=low');
    expect(middle('minecraft:stone_pressure_plate[powered=false]')).toBe('up=true east=low west=low');
    // a bottom slab fills the face: tall sides, and a straight tall run has no post
    expect(middle('minecraft:smooth_stone_slab[type=bottom,waterlogged=false]')).toBe(
      'up=false east=tall west=tall',
    );
    // a top slab leaves the bottom face empty: low sides, no post
    expect(middle('minecraft:smooth_stone_slab[type=top,waterlogged=false]')).toBe(
      'up=false east=low west=low',
    );
    // a top-half stair's lower step never reaches the middle of the face: as air
    expect(middle('minecraft:oak_stairs[facing=east,half=top,shape=straight,waterlogged=false]')).toBe(
      'up=false east=low west=low',
    );
    // leaves never connect a wall sideways, but their full collision covers it from above
    expect(middle('minecraft:oak_leaves[distance=7,persistent=true,waterlogged=false]')).toBe(
      'up=false east=tall west=tall',
    );
    // a wall on a wall is shaped first: alone up there it stands as a post, and a post covers POST_TEST
    expect(
      middle(
        'minecraft:cobblestone_wall[east=none,north=none,south=none,up=false,waterlogged=false,west=none]',
      ),
    ).toBe('up=true east=low west=low');
    // a standing lantern (5..11) covers the post's test only; a hanging one touches nothing below
    expect(middle('minecraft:lantern[hanging=false,waterlogged=false]')).toBe('up=true east=low west=low');
    expect(middle('minecraft:lantern[hanging=true,waterlogged=false]')).toBe('up=false east=low west=low');
    // a fence's collision is a post and arms as wide as the tests: its east–west run makes them tall
    expect(
      middle('minecraft:oak_fence[east=false,north=false,south=false,waterlogged=false,west=false]'),
    ).toBe('up=true east=low west=low');
    // a shut gate facing north spans east–west: tall sides, no post; an open one covers nothing
    expect(middle('minecraft:oak_fence_gate[facing=north,in_wall=false,open=false,powered=false]')).toBe(
      'up=false east=tall west=tall',
    );
    expect(middle('minecraft:oak_fence_gate[facing=north,in_wall=false,open=true,powered=false]')).toBe(
      'up=false east=low west=low',
    );
    // a carpet's collision is a full plate; one snow layer has none, two do
    expect(middle('minecraft:white_carpet')).toBe('up=false east=tall west=tall');
    expect(middle('minecraft:snow[layers=1]')).toBe('up=false east=low west=low');
    expect(middle('minecraft:snow[layers=2]')).toBe('up=false east=tall west=tall');
    // an iron bar's post is exactly POST_TEST; a cauldron's bottom is cut away in the middle
    expect(
      middle('minecraft:iron_bars[east=false,north=false,south=false,waterlogged=false,west=false]'),
    ).toBe('up=true east=low west=low');
    expect(middle('minecraft:cauldron')).toBe('up=false east=low west=low');
    // a bell on the floor facing north is a box 0..16 × 4..12 (BellBlock): tall east–west, no post
    expect(middle('minecraft:bell[attachment=floor,facing=north,powered=false]')).toBe(
      'up=false east=tall west=tall',
    );
  });

  test('hand-checked walls: a run of walls on a run of walls has tall sides and no post', () => {
    const wall =
      'minecraft:cobblestone_wall[east=none,north=none,south=none,up=true,waterlogged=false,west=none]';
    const stone = S('minecraft:stone');
    const row = [stone, S(wall), S(wall), S(wall), stone];
    const grid = { size: { x: 5, y: 2, z: 1 }, states: [...row, ...row] };
    updateShapes(grid, () => S('minecraft:air'));
    const p = (i: number) => grid.states[i]!.properties;
    // the upper run: nothing on it, low sides, no post; its arms and post cover the lower run's tests
    expect([p(7)['up'], p(7)['east'], p(7)['west']]).toEqual(['false', 'low', 'low']);
    expect([p(2)['up'], p(2)['east'], p(2)['west']]).toEqual(['false', 'tall', 'tall']);
  });

  test('a wall under a block whose shape its state does not tell keeps the file’s sides and post, and is named', () => {
    const air = S('minecraft:air');
    const stone = S('minecraft:stone');
    const wall = S(
      'minecraft:cobblestone_wall[east=low,north=none,south=none,up=true,waterlogged=false,west=low]',
    );
    // scaffolding's collision depends on who stands on it (ScaffoldingBlock.getCollisionShape)
    const scaffolding = S('minecraft:scaffolding[bottom=false,distance=0,waterlogged=false]');
    const grid = { size: { x: 3, y: 2, z: 1 }, states: [stone, wall, stone, air, scaffolding, air] };
    const { undecided } = updateShapes(grid, () => air);
    expect(K(grid.states[1]!)).toBe(K(wall));
    expect(undecided).toEqual([
      {
        state: K(wall),
        blocks: 1,
        reason: expect.stringContaining(
          'the shape of minecraft:scaffolding on it is not known from its state',
        ),
      },
    ]);
  });

  test('hand-checked walls: a corner keeps its post whatever stands on it', () => {
    const wall =
      'minecraft:cobblestone_wall[east=none,north=none,south=none,up=false,waterlogged=false,west=none]';
    const air = S('minecraft:air');
    // x→, z↓:  [W][W]   the wall at 0,0 joins east and south: not a straight line → post
    //          [W][ ]
    const grid = {
      size: { x: 2, y: 2, z: 2 },
      states: [S(wall), S(wall), S(wall), air, S('minecraft:stone'), air, air, air],
    };
    updateShapes(grid, () => air);
    expect(K(grid.states[0]!)).toBe(
      'minecraft:cobblestone_wall[east=tall,north=none,south=tall,up=true,waterlogged=false,west=none]',
    );
  });

  test('hand-checked sturdy faces (Block.isFaceSturdy over the collision, support-shape overrides)', () => {
    const fence = 'minecraft:oak_fence[east=false,north=false,south=false,waterlogged=false,west=false]';
    /** does a fence join `other` standing west of it? */
    const joins = (other: string) => {
      const grid = { size: { x: 2, y: 1, z: 1 }, states: [S(other), S(fence)] };
      updateShapes(grid, () => S('minecraft:air'));
      return grid.states[1]!.properties['west'];
    };
    expect(joins('minecraft:smooth_stone_slab[type=double,waterlogged=false]')).toBe('true');
    expect(joins('minecraft:smooth_stone_slab[type=bottom,waterlogged=false]')).toBe('false');
    expect(joins('minecraft:soul_sand')).toBe('true'); // collision 14 high, support shape a full cube
    expect(joins('minecraft:dirt_path')).toBe('false'); // 15 high: its side is not full
    expect(joins('minecraft:glass')).toBe('true');
    expect(joins('minecraft:snow[layers=8]')).toBe('true');
    expect(joins('minecraft:snow[layers=7]')).toBe('false');
    expect(joins('minecraft:oak_stairs[facing=east,half=bottom,shape=straight,waterlogged=false]')).toBe(
      'true',
    );
    expect(joins('minecraft:oak_stairs[facing=west,half=bottom,shape=straight,waterlogged=false]')).toBe(
      'false',
    );
  });

  test('hand-checked roofs: an L of stairs makes an outer and an inner corner', () => {
    const stair = (f: Dir) => S(`minecraft:oak_stairs[facing=${f},half=bottom,shape=straight]`);
    const air = S('minecraft:air');
    // x→, z↓:   [S][S]      the stair at 0,0 faces south with an east-facing stair in front: outer_left;
    //           [E][ ]      the stair at 0,1 faces east with a south-facing stair behind it… none: straight
    const grid = { size: { x: 2, y: 1, z: 2 }, states: [stair('south'), stair('south'), stair('east'), air] };
    updateShapes(grid, () => air);
    expect(grid.states.map((s) => s.properties['shape'])).toEqual([
      'outer_left',
      'straight',
      'straight',
      undefined,
    ]);
    // a stair facing north with a west-facing stair behind it: inner_left
    const inner = { size: { x: 1, y: 1, z: 2 }, states: [stair('north'), stair('west')] };
    updateShapes(inner, () => air);
    expect(inner.states[0]!.properties['shape']).toBe('inner_left');
  });

  test('two single chests side by side facing one way become a left and a right half', () => {
    const chest = S('minecraft:chest[facing=north,type=single,waterlogged=false]');
    const grid = { size: { x: 2, y: 1, z: 1 }, states: [chest, chest] };
    updateShapes(grid);
    expect(grid.states.map((s) => s.properties['type'])).toEqual(['left', 'right']);
  });
});

// ——— redstone wire: Block.updateFromNeighbourShapes run literally, updateShape by updateShape ———

/**
 * The kinds the grid holds, each with the facts Blocks.java and the block classes give it (1.21.4):
 * conductor (isRedstoneConductor), signal source (isSignalSource), sturdy top face, sturdy side faces.
 */
function kindOf(s: BlockState) {
  const n = s.name.replace('minecraft:', '');
  const f = s.properties['facing'];
  return {
    wire: n === 'redstone_wire',
    conductor: n === 'stone' || n === 'target',
    source: ['redstone_wire', 'repeater', 'observer', 'lever', 'redstone_block', 'target'].includes(n),
    trapdoor: n === 'oak_trapdoor',
    sturdyTop:
      ['stone', 'glass', 'redstone_block', 'target', 'observer'].includes(n) ||
      (n === 'smooth_stone_slab' && s.properties['type'] === 'top') ||
      (n === 'oak_stairs' && s.properties['half'] === 'top'),
    sturdyTowards: (face: Dir) =>
      ['stone', 'glass', 'redstone_block', 'target', 'observer'].includes(n) ||
      (n === 'oak_stairs' && stairFullFaces(s).includes(face)),
    name: n,
    facing: f as Dir | undefined,
  };
}

/** RedStoneWireBlock.shouldConnectTo with the direction from the wire (undefined: the null overload) */
function oracleConnectsTo(s: BlockState, towards?: Dir): boolean {
  const k = kindOf(s);
  if (k.wire) return true;
  if (k.name === 'repeater')
    return towards !== undefined && (k.facing === towards || k.facing === turn(towards, 2));
  if (k.name === 'observer') return towards !== undefined && k.facing === towards;
  return k.source && towards !== undefined;
}

type Sides = Record<Dir, 'up' | 'side' | 'none'>;
function oracleWire(at: (dx: number, dy: number, dz: number) => BlockState, start: Sides): Sides {
  const on = (v: string) => v !== 'none';
  const side = (d: Dir): Sides[Dir] => {
    const open = !kindOf(at(0, 1, 0)).conductor;
    const [dx, dz] = VEC[d];
    const n = at(dx, 0, dz);
    const k = kindOf(n);
    if (open && (k.trapdoor || k.sturdyTop) && oracleConnectsTo(at(dx, 1, dz)))
      return k.sturdyTowards(turn(d, 2)) ? 'up' : 'side';
    return !oracleConnectsTo(n, d) && (k.conductor || !oracleConnectsTo(at(dx, -1, dz))) ? 'none' : 'side';
  };
  const isDot = (s: Sides) => DIRS.every((d) => !on(s[d]));
  const isCross = (s: Sides) => DIRS.every((d) => on(s[d]));
  const connectionState = (s: Sides): Sides => {
    const dot = isDot(s);
    const next = { north: side('north'), east: side('east'), south: side('south'), west: side('west') };
    if (dot && isDot(next)) return next;
    const ns = !on(next.north) && !on(next.south);
    const ew = !on(next.east) && !on(next.west);
    if (!on(next.west) && ns) next.west = 'side';
    if (!on(next.east) && ns) next.east = 'side';
    if (!on(next.north) && ew) next.north = 'side';
    if (!on(next.south) && ew) next.south = 'side';
    return next;
  };
  let s = { ...start };
  for (const d of ['west', 'east', 'north', 'south', 'down', 'up'] as const) {
    if (d === 'down') continue; // survival only: the wire stays (the file has it)
    if (d === 'up') s = connectionState(s);
    else {
      const got = side(d);
      s =
        on(got) === on(s[d]) && !isCross(s)
          ? { ...s, [d]: got }
          : connectionState({ north: 'side', east: 'side', south: 'side', west: 'side', [d]: got });
    }
  }
  return s;
}

const wireStart = fc
  .oneof(
    fc.constant(['none', 'none', 'none', 'none']),
    fc.constant(['side', 'side', 'side', 'side']),
    fc.tuple(...DIRS.map(() => fc.constantFrom('none', 'side', 'up'))),
  )
  .map(([n, e, s, w]) => `minecraft:redstone_wire[east=${e},north=${n},power=0,south=${s},west=${w}]`);
const redstoneCell = fc.oneof(
  { weight: 4, arbitrary: wireStart },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'minecraft:air',
      'minecraft:stone',
      'minecraft:glass',
      'minecraft:lever[face=floor,facing=north,powered=false]',
      'minecraft:redstone_block',
      'minecraft:target[power=0]',
      'minecraft:smooth_stone_slab[type=top,waterlogged=false]',
      'minecraft:smooth_stone_slab[type=bottom,waterlogged=false]',
      'minecraft:oak_trapdoor[facing=north,half=bottom,open=false,powered=false,waterlogged=false]',
      'minecraft:oak_trapdoor[facing=east,half=top,open=false,powered=false,waterlogged=false]',
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom('repeater', 'observer', 'oak_stairs'), fc.constantFrom(...DIRS), fc.boolean())
      .map(([n, f, b]) =>
        n === 'repeater'
          ? `minecraft:repeater[delay=1,facing=${f},locked=false,powered=false]`
          : n === 'observer'
            ? `minecraft:observer[facing=${f},powered=false]`
            : `minecraft:oak_stairs[facing=${f},half=${b ? 'top' : 'bottom'},shape=straight,waterlogged=false]`,
      ),
  },
);

describe('note block instruments (NoteBlock.setInstrument, Blocks.java 1.21.4)', () => {
  test('rows hand-checked in Blocks.java: `instrument(…)`, copies (ofFullCopy/ofLegacyCopy, stairs) and helpers', () => {
    const rows: Record<string, string> = {
      stone: 'basedrum', // STONE: .instrument(NoteBlockInstrument.BASEDRUM)
      stone_stairs: 'basedrum', // registerLegacyStair("stone_stairs", STONE): ofLegacyCopy
      oak_log: 'bass', // logProperties(…): .instrument(NoteBlockInstrument.BASS)
      white_stained_glass: 'hat', // registerStainedGlass: .instrument(NoteBlockInstrument.HAT)
      sand: 'snare',
      gold_block: 'bell',
      clay: 'flute',
      packed_ice: 'chime',
      bone_block: 'xylophone',
      iron_block: 'iron_xylophone',
      soul_sand: 'cow_bell',
      pumpkin: 'didgeridoo',
      emerald_block: 'bit',
      hay_block: 'banjo',
      glowstone: 'pling',
      white_wool: 'guitar',
      skeleton_skull: 'skeleton',
      player_head: 'custom_head',
      skeleton_wall_skull: 'harp', // wallVariant(SKELETON_SKULL, true) starts from Properties.of()
      dirt: 'harp',
      oak_leaves: 'harp',
    };
    for (const [name, instrument] of Object.entries(rows))
      expect(instrumentOf({ name: `minecraft:${name}`, properties: {} }), name).toBe(instrument);
  });

  test('a head above gives its instrument; else the block below’s; harp over a head; unknown keeps the file’s', () => {
    const note = 'minecraft:note_block[instrument=harp,note=0,powered=false]';
    const column = (below: string, above: string) => {
      const grid = { size: { x: 1, y: 3, z: 1 }, states: [S(below), S(note), S(above)] };
      updateShapes(grid);
      return grid.states[1]!.properties['instrument'];
    };
    expect(column('minecraft:stone', 'minecraft:air')).toBe('basedrum');
    expect(column('minecraft:stone', 'minecraft:creeper_head[rotation=0]')).toBe('creeper');
    expect(column('minecraft:piglin_head[rotation=0]', 'minecraft:air')).toBe('harp');
    expect(column('minecraft:oak_planks', 'minecraft:oak_planks')).toBe('bass');
    // the block above (here: outside the grid, unread) decides first: nothing is known, the file's stays
    const edge = { size: { x: 1, y: 2, z: 1 }, states: [S('minecraft:sand'), S(note)] };
    updateShapes(edge);
    expect(edge.states[1]!.properties['instrument']).toBe('harp');
  });
});

describe('redstone wire (fast-check, seeded): every arrangement in a 5×3×5 grid', () => {
  const size = { x: 5, y: 3, z: 5 };
  const idx = (x: number, y: number, z: number) => (y * size.z + z) * size.x + x;
  test('the inner wires take the sides updateFromNeighbourShapes leaves (RedStoneWireBlock)', () => {
    fc.assert(
      fc.property(fc.array(redstoneCell, { minLength: 75, maxLength: 75 }), (keys) => {
        const states = keys.map(S);
        const grid = { size, states: states.slice() };
        updateShapes(grid);
        const air = S('minecraft:air');
        // a stair beside a wire as shaped (its inner corner's side is a full face too)
        const shaped = (x: number, y: number, z: number): BlockState => {
          const layer = (lx: number, lz: number) =>
            lx < 0 || lz < 0 || lx >= size.x || lz >= size.z ? air : states[idx(lx, y, lz)]!;
          const n = layer(x, z);
          return n.name.endsWith('_stairs')
            ? { name: n.name, properties: { ...n.properties, shape: oracleStairs(layer, x, z) } }
            : n;
        };
        for (let z = 1; z < 4; z++)
          for (let x = 1; x < 4; x++) {
            const me = states[idx(x, 1, z)]!;
            const got = grid.states[idx(x, 1, z)]!;
            if (me.name !== 'minecraft:redstone_wire') continue;
            const want = oracleWire(
              (dx, dy, dz) => shaped(x + dx, 1 + dy, z + dz),
              me.properties as unknown as Sides,
            );
            for (const d of DIRS)
              expect(got.properties[d], `${d} at ${x} ${z}: ${keys.join(' ')}`).toBe(want[d]);
            expect(got.properties['power']).toBe('0');
          }
      }),
      { seed: 41, numRuns: 1500 },
    );
  });

  test('hand-checked: a line, a corner, a climb up a block, a dot, and a wire whose neighbours are unknown', () => {
    const W = S('minecraft:redstone_wire[east=none,north=none,power=0,south=none,west=none]');
    const air = S('minecraft:air');
    const stone = S('minecraft:stone');
    // one layer: a line of three wires east–west, then a wire alone; the world around is air over stone
    const line = { size: { x: 5, y: 1, z: 1 }, states: [W, W, W, air, W] };
    updateShapes(line, (_x, y) => (y < 0 ? stone : air));
    expect(line.states.map((s) => [s.properties['west'], s.properties['east']])).toEqual([
      ['side', 'side'], // a wire with only its east neighbour runs through to the west (the line rule)
      ['side', 'side'],
      ['side', 'side'],
      [undefined, undefined],
      ['none', 'none'], // a dot stays a dot when nothing connects
    ]);
    // a wire beside a stone that carries wire climbs it: `up`; a stone above the first wire blocks that
    const climb = {
      size: { x: 2, y: 2, z: 1 },
      states: [W, stone, air, W],
    };
    updateShapes(climb, (_x, y) => (y < 0 ? stone : air));
    expect(climb.states[0]!.properties['east']).toBe('up');
    const blocked = { size: { x: 2, y: 2, z: 1 }, states: [W, stone, stone, W] };
    updateShapes(blocked, (_x, y) => (y < 0 ? stone : air));
    expect(blocked.states[0]!.properties['east']).toBe('none');
    // without the world around, a wire at the edge keeps the file's sides
    const alone = { size: { x: 1, y: 1, z: 1 }, states: [W] };
    expect(updateShapes(alone).changed).toEqual({});
  });
});

describe('a vanilla .nbt without DataVersion (written before 1.13)', () => {
  test('its old states are flattened as BlockStateStructureTemplateFix does, then upgraded and shaped', async () => {
    const { decodeStructure } = await import('../../src/structures/formats/index.js');
    const nbt = require('prismarine-nbt') as typeof import('prismarine-nbt');
    const entry = (name: string, props: Record<string, string>) => ({
      Name: nbt.string(name),
      Properties: nbt.comp(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, nbt.string(v)]))),
    });
    const file = nbt.writeUncompressed({
      type: 'compound',
      name: '',
      value: {
        size: nbt.list(nbt.int([2, 1, 1])),
        palette: nbt.list(
          nbt.comp([
            entry('minecraft:stone', { variant: 'granite' }),
            entry('minecraft:trapdoor', { facing: 'north', half: 'bottom', open: 'true' }),
          ] as never[]),
        ),
        blocks: nbt.list(
          nbt.comp([
            { state: nbt.int(0), pos: nbt.list(nbt.int([0, 0, 0])) },
            { state: nbt.int(1), pos: nbt.list(nbt.int([1, 0, 0])) },
          ] as never[]),
        ),
        entities: nbt.list(nbt.comp([] as never[])),
      },
    } as never);
    const plan = decodeStructure(file, '.nbt', 'old.nbt', 'old');
    expect(plan).toMatchObject({
      dataVersion: 1451,
      writtenIn: 'before 1.13 (vanilla structure without DataVersion)',
    });
    const { structure, report } = upgradeStructure(plan, target('1.21.4'));
    expect(structure.palette.slice(0, 2)).toEqual([
      'minecraft:granite',
      'minecraft:oak_trapdoor[facing=north,half=bottom,open=true]',
    ]);
    expect(report.changes[0]).toEqual({
      rule: 'old states flattened (BlockStateStructureTemplateFix, BlockStateData, DataVersion 1450)',
      blocks: 2,
    });
  });
});

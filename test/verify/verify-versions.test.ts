/**
 * Verification follows the server's version (block-behaviour's placement.ts, from each release's
 * BlockInput.place): 1.20–1.21.3 place the shaped state and keep no named property a neighbour overrides;
 * 1.21.4 puts the named properties back (overwriteWithDefinedProperties), though a block placed later beside
 * it still shapes it; 1.21.5's `strict` places as written and updates no neighbour. The world each test
 * verifies against is made by the block-behaviour module placing the writes as that version does.
 */
import { describe, expect, test } from 'vitest';
import type { BlockWrite } from '../../src/commands/block-write.js';
import { parseCommand } from '../../src/commands/parse.js';
import { verifyWrites } from '../../src/verify/verify.js';
import {
  placementOf,
  UPDATE_SHAPE_ORDER,
  updateFromNeighbourShapes,
  updateShape,
  stepOf,
  oppositeFace,
} from '../../src/vocabulary/block-behaviour/index.js';
import {
  AIR,
  type BlockState,
  blockStateKey,
  isAir,
  MapBlockSource,
  parseBlockStateKey,
} from '../../src/vocabulary/blocks/block-state.js';
import { P } from './helpers.js';

const PANE_DEFAULTS = { east: 'false', north: 'false', south: 'false', west: 'false', waterlogged: 'false' };
const DOOR_DEFAULTS = { facing: 'north', half: 'lower', hinge: 'left', open: 'false', powered: 'false' };
const full = (key: string): BlockState => {
  const s = parseBlockStateKey(key);
  const defaults = s.name.endsWith('_pane') ? PANE_DEFAULTS : s.name.endsWith('_door') ? DOOR_DEFAULTS : {};
  return { name: s.name, properties: { ...defaults, ...s.properties } };
};

/** the writes placed one block at a time as `version` places them (fill: x fastest, then y, then z) */
function placed(writes: BlockWrite[], version: string): MapBlockSource {
  const rules = placementOf(version);
  const cells = new Map<string, BlockState>();
  const key = (x: number, y: number, z: number) => `${x},${y},${z}`;
  const get = (x: number, y: number, z: number) => cells.get(key(x, y, z)) ?? AIR;
  const place = (
    x: number,
    y: number,
    z: number,
    written: BlockState,
    named: Record<string, string>,
    strict: boolean,
  ) => {
    if (strict) return void cells.set(key(x, y, z), written);
    let state = updateFromNeighbourShapes(written, (dx, dy, dz) => get(x + dx, y + dy, z + dz));
    if (isAir(state)) state = written;
    if (rules.keepsNamedProperties)
      state = { name: state.name, properties: { ...state.properties, ...named } };
    cells.set(key(x, y, z), state);
    for (const face of UPDATE_SHAPE_ORDER) {
      const [dx, dy, dz] = stepOf(face);
      const n = get(x + dx, y + dy, z + dz);
      if (isAir(n)) continue;
      const shaped = updateShape(n, oppositeFace(face), (ex, ey, ez) =>
        get(x + dx + ex, y + dy + ey, z + dz + ez),
      );
      cells.set(key(x + dx, y + dy, z + dz), shaped);
    }
  };
  for (const w of writes) {
    if (w.kind === 'clone') throw new Error('not used here');
    const written = full(blockStateKey({ name: w.block.name, properties: w.block.states }));
    const strict = w.strict === true;
    if (w.kind === 'setblock') place(w.pos.x, w.pos.y, w.pos.z, written, w.block.states, strict);
    else
      for (let z = Math.min(w.from.z, w.to.z); z <= Math.max(w.from.z, w.to.z); z++)
        for (let y = Math.min(w.from.y, w.to.y); y <= Math.max(w.from.y, w.to.y); y++)
          for (let x = Math.min(w.from.x, w.to.x); x <= Math.max(w.from.x, w.to.x); x++)
            place(x, y, z, written, w.block.states, strict);
  }
  const world = new MapBlockSource();
  for (const [k, s] of cells) {
    const [x, y, z] = k.split(',').map(Number) as [number, number, number];
    world.set({ x, y, z }, blockStateKey(s));
  }
  return world;
}

const writesOf = (...commands: string[]): BlockWrite[] =>
  commands.flatMap((c) => parseCommand(c, { x: 0, y: 0, z: 0, yaw: 0, pitch: 0 }).blockWrites);
const statuses = (writes: BlockWrite[], world: MapBlockSource, version: string) =>
  verifyWrites(writes, world, new MapBlockSource(), { version }).map((v) => v.status);

describe('placement by version', () => {
  test.each([
    ['1.20.4', false, false],
    ['1.21.3', false, false],
    ['1.21.4', true, false],
    ['1.21.5', true, true],
    ['1.21.11', true, true],
    ['26.1.2', true, true],
  ])('%s: named properties kept %s, strict %s', (version, keeps, strict) => {
    expect(placementOf(version)).toEqual({ keepsNamedProperties: keeps, hasStrict: strict });
  });

  test('the client reads `strict` on setblock and fill', () => {
    const [a, b] = writesOf('setblock 1 2 3 stone strict', 'fill 0 0 0 1 1 1 stone strict');
    expect(a).toMatchObject({ kind: 'setblock', mode: 'replace', strict: true });
    expect(b).toMatchObject({ kind: 'fill', mode: 'replace', strict: true });
    expect(writesOf('setblock 1 2 3 stone')[0]).not.toHaveProperty('strict');
  });
});

describe('verification reads the version', () => {
  const row = writesOf('fill 0 0 0 2 0 0 glass_pane[east=false,west=false]');

  test('1.21.4: a filled row of panes named loose joins where a later pane stands beside: verified', () => {
    const world = placed(row, '1.21.4');
    expect(blockStateKey(world.readBlock(P(1, 0, 0)) as BlockState)).toContain('east=true');
    // the last pane keeps what was named: nothing was placed beside it after it
    expect(blockStateKey(world.readBlock(P(2, 0, 0)) as BlockState)).toContain('west=false');
    expect(statuses(row, world, '1.21.4')).toEqual(['verified']);
  });

  test('1.21.4: a named side that did not stick where nothing came after it is a mismatch', () => {
    const world = placed(row, '1.21.4');
    world.set(
      P(2, 0, 0),
      'minecraft:glass_pane[east=false,north=false,south=false,waterlogged=false,west=true]',
    );
    expect(statuses(row, world, '1.21.4')).toEqual(['mismatch']);
  });

  test('1.20.4: the shaped state wins over the named one; still verified; 1.21.4 would call it a mismatch', () => {
    const lone = writesOf('setblock 5 0 0 glass_pane[east=true]');
    const world = placed(lone, '1.20.4');
    expect(blockStateKey(world.readBlock(P(5, 0, 0)) as BlockState)).toContain('east=false');
    expect(statuses(lone, world, '1.20.4')).toEqual(['verified']);
    expect(statuses(lone, world, '1.21.4')).toEqual(['mismatch']);
  });

  test('1.20.4: a lone door half keeps its named facing (its shape is air, so the written state goes in)', () => {
    const door = writesOf('setblock 0 0 0 oak_door[facing=south]');
    const world = placed(door, '1.20.4');
    expect(statuses(door, world, '1.20.4')).toEqual(['verified']);
    world.set(P(0, 0, 0), 'minecraft:oak_door[facing=north,half=lower,hinge=left,open=false,powered=false]');
    expect(statuses(door, world, '1.20.4')).toEqual(['mismatch']);
  });

  test('1.21.5 strict: placed as written and no neighbour shaped; a strict pane beside excuses nothing', () => {
    const writes = writesOf('setblock 0 0 0 glass_pane[east=false]', 'setblock 1 0 0 glass_pane strict');
    const world = placed(writes, '1.21.5');
    expect(blockStateKey(world.readBlock(P(0, 0, 0)) as BlockState)).toContain('east=false');
    expect(statuses(writes, world, '1.21.5')).toEqual(['verified', 'verified']);
    world.set(
      P(0, 0, 0),
      'minecraft:glass_pane[east=true,north=false,south=false,waterlogged=false,west=false]',
    );
    expect(statuses(writes, world, '1.21.5')[0]).toBe('mismatch');
    // without strict the second pane shapes the first: its named side is left to the game
    const shaping = writesOf('setblock 0 0 0 glass_pane[east=false]', 'setblock 1 0 0 glass_pane');
    expect(statuses(shaping, placed(shaping, '1.21.5'), '1.21.5')).toEqual(['verified', 'verified']);
  });
});

/** Renders that show a room: ceiling cut away, any corner, true shapes, textures, a legend and counts. */
import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import { MapBlockSource, parseBlockStateKey } from '../../src/vocabulary/blocks/block-state.js';
import { blockColour } from '../../src/world-view/colours.js';
import { countsText } from '../../src/world-view/legend.js';
import { type RenderResult, renderAreaDetailed } from '../../src/world-view/render.js';
import { shade } from '../../src/world-view/raster.js';
import { CORNERS, turnFor } from '../../src/world-view/rotate.js';
import { blockShape } from '../../src/world-view/shapes.js';
import { blockTextures, texturesAvailable } from '../../src/world-view/textures.js';
import { furnishedRoom, TWO_ROOMS, TWO_ROOMS_DOORWAY, twoRooms } from './room-fixture.js';

const rgbAt = (png: PNG, p: { x: number; y: number }) => {
  const i = (p.y * png.width + p.x) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!] as const;
};
const around = { from: { x: -1, y: 0, z: -1 }, to: { x: 7, y: 4, z: 7 } };
type Point3 = { x: number; y: number; z: number };
/** Where a point of the world (not only a block's top centre) lands in an isometric picture. */
function screenOf(r: RenderResult, p: Point3): { x: number; y: number } {
  const b = { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) };
  const top = r.plan.pixelOf(b); // the centre of the block's top face
  const [fx, fz] = [p.x - b.x, p.z - b.z];
  const local = turnFor(r.plan.corner, r.plan.box).cuboid({ x0: fx, x1: fx, y0: 0, y1: 0, z0: fz, z1: fz });
  const [lx, ly, lz] = [local.x0 - 0.5, p.y - b.y - 1, local.z0 - 0.5];
  const a = r.plan.scale;
  return { x: Math.round(top.x + (lx - lz) * a), y: Math.round(top.y + ((lx + lz) / 2 - ly) * a) };
}
const reddish = ([r, g, b]: readonly number[]) => r! > g! + 50 && r! > b! + 50;

describe('cutaway', () => {
  test('the ceiling of an enclosed room is left out by default and the picture says so', () => {
    const r = renderAreaDetailed(furnishedRoom(), around.from, around.to, { view: 'isometric', scale: 12 });
    expect(r.cutaway).toEqual({ fromY: 4, removed: 49 });
    expect(r.caption.join(' ')).toContain('ceiling cut away: y 4 and up not drawn');
    // the bed, against the far wall from the north-west, shows only once the ceiling is gone
    const png = PNG.sync.read(r.png);
    const whole = renderAreaDetailed(furnishedRoom(), around.from, around.to, {
      view: 'isometric',
      scale: 12,
      cutaway: false,
    });
    expect(whole.cutaway).toBeUndefined();
    const bed = r.plan.pixelOf({ x: 5, y: 0, z: 5 });
    expect(reddish(rgbAt(png, bed))).toBe(true);
    expect(reddish(rgbAt(PNG.sync.read(whole.png), whole.plan.pixelOf({ x: 5, y: 0, z: 5 })))).toBe(false);
  });

  // regression: a wall block next to a doorway counted as a near wall (room behind it, in the doorway,
  // and no room in front along the wall), so the wall between two rooms went see-through and its doorway
  // could no longer be told from the wall
  test.each([
    ['south-east', 6],
    ['north-west', 5],
  ] as const)(
    'from the %s the wall between two rooms stays drawn, its doorway open, the near walls see-through',
    (corner, faceX) => {
      const r = renderAreaDetailed(twoRooms(), TWO_ROOMS.from, TWO_ROOMS.to, {
        view: 'isometric',
        corner,
        scale: 24,
        textures: false,
      });
      expect(r.cutaway).toEqual({ fromY: 4, removed: 11 * 7 });
      const png = PNG.sync.read(r.png);
      const seen = (p: Point3) => rgbAt(png, screenOf(r, p));
      // flat colours are the textures' averages; the inner wall's face toward the viewer (x = 6 from the
      // east, x = 5 from the west) is shaded as the drawing's east faces are
      const flat = (name: string) => blockTextures(name)!.top.average;
      const planks = shade(flat('oak_planks'), 0.64);
      const { z } = TWO_ROOMS_DOORWAY;
      expect(seen({ x: faceX, y: 2.8, z: z - 0.5 })).toEqual([...planks]); // beside the doorway, north
      expect(seen({ x: faceX, y: 2.8, z: z + 1.5 })).toEqual([...planks]); // beside the doorway, south
      expect(seen({ x: faceX, y: 3.5, z: z + 0.5 })).toEqual([...planks]); // above it
      // seen at 45° through a one-block doorway, the far jamb's side shows, lit as the drawing's south faces
      const doorway = seen({ x: faceX, y: 2.3, z: z + 0.5 });
      expect(doorway).not.toEqual([...planks]);
      expect(doorway).toEqual([...shade(flat('oak_planks'), 0.8)]);
      const near = corner === 'south-east' ? { x: 2.5, y: 2.5, z: 7 } : { x: 8.5, y: 2.5, z: 0 };
      expect(seen(near)).not.toEqual([...shade(flat('stone_bricks'), 0.8)]);
    },
  );

  test('a box whose top roofs nothing (open ground) is drawn whole', () => {
    const s = new MapBlockSource();
    for (let x = 0; x < 6; x++) for (let z = 0; z < 6; z++) s.set({ x, y: 0, z }, 'minecraft:grass_block');
    s.set({ x: 2, y: 1, z: 2 }, 'minecraft:oak_log');
    const r = renderAreaDetailed(s, { x: 0, y: 0, z: 0 }, { x: 5, y: 3, z: 5 }, { view: 'isometric' });
    expect(r.cutaway).toBeUndefined();
    expect(r.counts.blocks).toEqual([
      { name: 'grass_block', count: 36 },
      { name: 'oak_log', count: 1 },
    ]);
  });
});

describe('corners', () => {
  // one gold block in the north-west corner of a 4×1×4 box: at the back from the south-east, in front from the north-west
  const s = new MapBlockSource().set({ x: 0, y: 0, z: 0 }, 'minecraft:gold_block');
  const box = [
    { x: 0, y: 0, z: 0 },
    { x: 3, y: 0, z: 3 },
  ] as const;
  const gold = blockColour('minecraft:gold_block');

  test.each(CORNERS)('from the %s the block is drawn where the plan says, in its colour', (corner) => {
    const r = renderAreaDetailed(s, box[0], box[1], {
      view: 'isometric',
      corner,
      scale: 12,
      textures: false,
    });
    const png = PNG.sync.read(r.png);
    expect(r.plan.corner).toBe(corner);
    const p = r.plan.pixelOf({ x: 0, y: 0, z: 0 });
    expect(rgbAt(png, p)).toEqual([
      ...r.counts.blocks.map(() =>
        texturesAvailable() ? blockTextures('gold_block')!.top.average : gold.rgb,
      )[0]!,
    ]);
  });

  test('the north-west view puts the north-west block nearest the viewer, the south-east view farthest', () => {
    const y = (corner: (typeof CORNERS)[number]) =>
      renderAreaDetailed(s, box[0], box[1], { view: 'isometric', corner, scale: 12 }).plan.pixelOf({
        x: 0,
        y: 0,
        z: 0,
      }).y;
    expect(y('north-west')).toBeGreaterThan(y('south-west'));
    expect(y('south-west')).toBeGreaterThan(y('south-east'));
    expect(y('north-east')).toBeGreaterThan(y('south-east'));
  });
});

describe('true shapes', () => {
  const shape = (key: string) => blockShape(parseBlockStateKey(key));
  const top = (key: string) => Math.max(...shape(key).map((c) => c.y1));

  test('a bed stands 9/16 high and a carpet 1/16: they no longer look alike', () => {
    expect(top('minecraft:red_bed[facing=south,part=head]')).toBe(9 / 16);
    expect(top('minecraft:red_carpet')).toBe(1 / 16);
  });

  test('a pane connected east and west is a post with two arms; a flower pot is small; a wall sign hangs on its wall', () => {
    const pane = shape('minecraft:glass_pane[east=true,west=true,north=false,south=false]');
    expect(pane).toHaveLength(3);
    expect(Math.min(...pane.map((c) => c.x0))).toBe(0);
    expect(Math.max(...pane.map((c) => c.x1))).toBe(1);
    expect(Math.max(...pane.map((c) => c.z1 - c.z0))).toBe(2 / 16);
    expect(shape('minecraft:flower_pot')).toEqual([
      { x0: 5 / 16, y0: 0, z0: 5 / 16, x1: 11 / 16, y1: 6 / 16, z1: 11 / 16 },
    ]);
    // vanilla WallSignBlock: facing north sits against the south side of its block
    expect(shape('minecraft:oak_wall_sign[facing=north]')[0]).toMatchObject({ z0: 14 / 16, z1: 1 });
  });
});

describe('textures', () => {
  test('prismarine-viewer’s 1.21.4 textures are found for common blocks', () => {
    expect(texturesAvailable()).toBe(true);
    expect(blockTextures('minecraft:oak_log')?.names).toEqual({ top: 'oak_log_top', side: 'oak_log' });
    expect(blockTextures('poppy')?.top.cutout).toBe(true);
  });

  test('a textured face shows the texture’s own texels; textures: false gives the flat colour', () => {
    const s = new MapBlockSource().set({ x: 0, y: 0, z: 0 }, 'minecraft:oak_log');
    const at = (textures: boolean) => {
      const r = renderAreaDetailed(
        s,
        { x: 0, y: 0, z: 0 },
        { x: 0, y: 0, z: 0 },
        { view: 'isometric', scale: 16, textures },
      );
      return rgbAt(PNG.sync.read(r.png), r.plan.pixelOf({ x: 0, y: 0, z: 0 }));
    };
    const t = blockTextures('oak_log')!.top.data;
    const texels = new Set<string>();
    for (let i = 0; i < 256; i++) texels.add(`${t[i * 4]},${t[i * 4 + 1]},${t[i * 4 + 2]}`);
    expect(texels.has(at(true).join(','))).toBe(true);
    expect(at(false)).toEqual([...blockTextures('oak_log')!.top.average]);
  });
});

describe('textured side faces', () => {
  // regression: the south and east faces took their texture origin from the block's corner, one block
  // off their own plane, so every side of a stone-brick cube showed one clamped texel as a flat colour
  const cube = new MapBlockSource();
  for (let x = 0; x < 5; x++)
    for (let y = 0; y < 5; y++) for (let z = 0; z < 5; z++) cube.set({ x, y, z }, 'minecraft:stone_bricks');
  const luminance = ([r, g, b]: readonly number[]) => 0.299 * r! + 0.587 * g! + 0.114 * b!;

  test.each(CORNERS)(
    'a 5×5×5 stone-brick cube seen from the %s shows bricks and mortar on both sides',
    (corner) => {
      const r = renderAreaDetailed(
        cube,
        { x: 0, y: 0, z: 0 },
        { x: 4, y: 4, z: 4 },
        {
          view: 'isometric',
          corner,
          scale: 32,
        },
      );
      const png = PNG.sync.read(r.png);
      const a = r.plan.scale;
      expect(a).toBe(32);
      const side = blockTextures('stone_bricks')!.side.data;
      const texels = (f: number) => {
        const out = new Set<string>();
        for (let i = 0; i < 256; i++)
          out.add([0, 1, 2].map((k) => Math.min(255, Math.round(side[i * 4 + k]! * f))).join(','));
        return out;
      };
      // from the centre of the top face, the centres of the two visible sides are 2.5 blocks left (the
      // lighter south face) and right (the darker east face), 3.75 blocks down
      const top = r.plan.pixelOf({ x: 2, y: 4, z: 2 });
      for (const [sign, f] of [
        [-1, 0.8],
        [1, 0.64],
      ] as const) {
        const column: Array<readonly number[]> = [];
        for (let dy = -a; dy < a; dy++)
          column.push(rgbAt(png, { x: top.x + sign * 2.5 * a, y: top.y + 3.75 * a + dy }));
        const distinct = new Set(column.map((c) => c.join(',')));
        const allowed = texels(f);
        for (const c of distinct) expect(allowed.has(c)).toBe(true);
        expect(distinct.size).toBeGreaterThanOrEqual(4);
        // two blocks' height crosses the texture's mortar lines: dark rows between light bricks
        const lum = column.map(luminance);
        expect(Math.max(...lum) - Math.min(...lum)).toBeGreaterThan(30);
      }
    },
  );
});

test('the top view textures top faces too', () => {
  const s = new MapBlockSource().set({ x: 0, y: 0, z: 0 }, 'minecraft:oak_log');
  const r = renderAreaDetailed(s, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }, { view: 'top', scale: 16 });
  const t = blockTextures('oak_log')!.top.data;
  const texels = new Set<string>();
  for (let i = 0; i < 256; i++) texels.add(`${t[i * 4]},${t[i * 4 + 1]},${t[i * 4 + 2]}`);
  const png = PNG.sync.read(r.png);
  const seen = new Set<string>();
  for (const dx of [-5, -2, 0, 3, 6]) {
    const p = r.plan.pixelOf({ x: 0, y: 0, z: 0 });
    seen.add(rgbAt(png, { x: p.x + dx, y: p.y + dx }).join(','));
  }
  for (const c of seen) expect(texels.has(c)).toBe(true);
  expect(seen.size).toBeGreaterThan(1);
});

describe('legend and counts', () => {
  test('every block type drawn is counted, in the legend under the picture and in words', () => {
    const r = renderAreaDetailed(furnishedRoom(), around.from, around.to, { view: 'isometric' });
    const names = r.counts.blocks.map((b) => b.name);
    for (const n of [
      'oak_planks',
      'spruce_planks',
      'red_bed',
      'red_carpet',
      'potted_poppy',
      'oak_door',
      'glass_pane',
      'lantern',
    ])
      expect(names).toContain(n);
    expect(r.counts.blocks.find((b) => b.name === 'red_bed')!.count).toBe(2);
    // the shell less the spruce floor, the ceiling (cut away), the door and the two panes
    expect(r.counts.blocks.find((b) => b.name === 'oak_planks')!.count).toBe(
      7 * 5 * 7 - 5 * 3 * 5 - 25 - 49 - 4,
    );
    expect(countsText(r.counts)).toContain('red_carpet 4');
    expect(r.height).toBeGreaterThan(r.plan.height + r.counts.blocks.length * 8);
  });
});

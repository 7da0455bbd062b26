/** Small blocks drawn in their vanilla shapes and textures: lanterns, torches, crafting tables, doors, beds and their pillows. */
import { PNG } from 'pngjs';
import { expect, test } from 'vitest';
import type { BlockPos } from '../../src/vocabulary/blocks/box.js';
import { MapBlockSource } from '../../src/vocabulary/blocks/block-state.js';
import { blockColour } from '../../src/world-view/colours.js';
import { renderAreaDetailed, type RenderResult } from '../../src/world-view/render.js';
import { PILLOW } from '../../src/world-view/shapes.js';
import { blockTextures, type Texture } from '../../src/world-view/textures.js';

const ORIGIN: BlockPos = { x: 0, y: 0, z: 0 };
const rgbAt = (png: PNG, p: { x: number; y: number }) => {
  const i = (p.y * png.width + p.x) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!].join(',');
};
/** Where a point inside block `b` (fx, fy, fz from 0 to 1) lands in a south-east isometric picture. */
function screenOf(r: RenderResult, b: BlockPos, fx: number, fy: number, fz: number) {
  const top = r.plan.pixelOf(b); // the centre of the block's top face
  const [lx, ly, lz] = [fx - 0.5, fy - 1, fz - 0.5];
  const a = r.plan.scale;
  return { x: Math.round(top.x + (lx - lz) * a), y: Math.round(top.y + ((lx + lz) / 2 - ly) * a) };
}
/** The texture's opaque texels, shaded as a face is. */
function texels(t: Texture, f: number): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < 256; i++)
    if (t.data[i * 4 + 3]! >= 128)
      out.add([0, 1, 2].map((k) => Math.min(255, Math.round(t.data[i * 4 + k]! * f))).join(','));
  return out;
}

test.each([
  ['false', 9 / 16],
  ['true', 10 / 16],
] as const)(
  'a lantern (hanging %s) is vanilla’s body and cap, lit, up to its cap and no higher',
  (hanging, capTop) => {
    const s = new MapBlockSource().set(ORIGIN, `minecraft:lantern[hanging=${hanging}]`);
    const r = renderAreaDetailed(s, ORIGIN, ORIGIN, {
      view: 'isometric',
      scale: 32,
      grid: false,
      legend: false,
    });
    const png = PNG.sync.read(r.png);
    const lit = blockColour('minecraft:lantern').rgb.join(',');
    expect(rgbAt(png, screenOf(r, ORIGIN, 0.5, capTop - 0.01, 0.5))).toBe(lit);
    expect(rgbAt(png, screenOf(r, ORIGIN, 0.5, capTop + 2 / 16, 0.5))).not.toBe(lit);
  },
);

test.each([
  ['east', 2.5 / 16, 0.5],
  ['west', 13.5 / 16, 0.5],
  ['north', 0.5, 13.5 / 16],
  ['south', 0.5, 2.5 / 16],
] as const)(
  'a wall torch facing %s leans out from the wall behind it, not from the middle of its block',
  (facing, fx, fz) => {
    const s = new MapBlockSource().set(ORIGIN, `minecraft:wall_torch[facing=${facing}]`);
    const r = renderAreaDetailed(s, ORIGIN, ORIGIN, { view: 'top', scale: 32, grid: false, textures: false });
    const png = PNG.sync.read(r.png);
    const at = (u: number, v: number) => rgbAt(png, { x: Math.floor(u * 32), y: Math.floor(v * 32) });
    const lit = blockColour('minecraft:wall_torch').rgb.join(',');
    expect(at(fx, fz)).toBe(lit);
    expect(at(0.5, 0.5)).not.toBe(lit);
    expect(r.legend).toEqual(['wall_torch']);
  },
);

test('a crafting table shows its own top and sides, not its front on every face', () => {
  expect(blockTextures('minecraft:crafting_table')?.names).toEqual({
    top: 'crafting_table_top',
    side: 'crafting_table_side',
  });
  const s = new MapBlockSource().set(ORIGIN, 'minecraft:crafting_table');
  const r = renderAreaDetailed(s, ORIGIN, ORIGIN, {
    view: 'isometric',
    scale: 32,
    grid: false,
    legend: false,
  });
  const png = PNG.sync.read(r.png);
  const table = blockTextures('crafting_table')!;
  const top = texels(table.top, 1);
  const side = texels(table.side, 0.8);
  for (const f of [0.2, 0.4, 0.6, 0.8]) {
    expect(top.has(rgbAt(png, screenOf(r, ORIGIN, f, 1, 1 - f)))).toBe(true);
    expect(side.has(rgbAt(png, screenOf(r, ORIGIN, f, f, 1)))).toBe(true);
  }
});

test('a door’s upper half shows the upper texture, windows and all; its lower half the lower one', () => {
  // facing north, closed: the panel is the south 3/16 of its blocks, its face toward the south-east viewer
  const s = new MapBlockSource()
    .set(ORIGIN, 'minecraft:oak_door[facing=north,half=lower,hinge=left,open=false]')
    .set({ x: 0, y: 1, z: 0 }, 'minecraft:oak_door[facing=north,half=upper,hinge=left,open=false]');
  const r = renderAreaDetailed(
    s,
    ORIGIN,
    { x: 0, y: 1, z: 0 },
    {
      view: 'isometric',
      scale: 32,
      grid: false,
      legend: false,
    },
  );
  const png = PNG.sync.read(r.png);
  // down the face through the upper texture's left windows (texels 3–6 across)
  const column = (y: number) => {
    const seen: string[] = [];
    for (let i = 1; i < 32; i++) seen.push(rgbAt(png, screenOf(r, { x: 0, y, z: 0 }, 4.5 / 16, i / 32, 1)));
    return seen;
  };
  const upper = new Set(column(1));
  const lower = new Set(column(0));
  const door = blockTextures('oak_door')!; // top: oak_door_top, side: oak_door_bottom
  const upperTexels = texels(door.top, 0.8);
  const lowerTexels = texels(door.side, 0.8);
  // the window lets what is behind show: some pixels of the upper half are not the door's
  expect([...upper].some((c) => !upperTexels.has(c))).toBe(true);
  expect([...upper].filter((c) => upperTexels.has(c)).length).toBeGreaterThan(2);
  for (const c of lower) expect(lowerTexels.has(c)).toBe(true);
});

const light = (rgb: string) => rgb.split(',').every((c) => Number(c) > 200);
const reddish = (rgb: string) => {
  const [r, g, b] = rgb.split(',').map(Number) as [number, number, number];
  return r > g + 50 && r > b + 50;
};

test.each([true, false])(
  'a bed (textures %s) has a white pillow on its head half, at the head end, and its own red on the rest',
  (textures) => {
    // facing south: the head is the block south of the foot, and its pillow lies at the south end
    const foot = ORIGIN;
    const head = { x: 0, y: 0, z: 1 };
    const s = new MapBlockSource()
      .set(foot, 'minecraft:red_bed[facing=south,part=foot]')
      .set(head, 'minecraft:red_bed[facing=south,part=head]');
    const r = renderAreaDetailed(s, foot, head, {
      view: 'isometric',
      scale: 32,
      grid: false,
      legend: false,
      textures,
    });
    const png = PNG.sync.read(r.png);
    const top = 9 / 16;
    expect(rgbAt(png, screenOf(r, head, 0.5, top, 12 / 16))).toBe(PILLOW.join(','));
    expect(reddish(rgbAt(png, screenOf(r, head, 0.5, top, 3 / 16)))).toBe(true);
    expect(reddish(rgbAt(png, screenOf(r, foot, 0.5, top, 0.5)))).toBe(true);
    expect(reddish(rgbAt(png, screenOf(r, foot, 0.5, top, 12 / 16)))).toBe(true);
  },
);

test.each([
  // facing: where the head lies from the foot, and where in the head block the pillow shows (u east, v south)
  ['north', { x: 0, z: -1 }, [0.5, 4 / 16]],
  ['south', { x: 0, z: 1 }, [0.5, 12 / 16]],
  ['west', { x: -1, z: 0 }, [4 / 16, 0.5]],
  ['east', { x: 1, z: 0 }, [12 / 16, 0.5]],
] as const)(
  'seen from above, a bed facing %s shows its pillow at the head end of its head half',
  (facing, step, [u, v]) => {
    const foot = { x: 1, y: 0, z: 1 };
    const head = { x: 1 + step.x, y: 0, z: 1 + step.z };
    const s = new MapBlockSource()
      .set(foot, `minecraft:red_bed[facing=${facing},part=foot]`)
      .set(head, `minecraft:red_bed[facing=${facing},part=head]`);
    const from = { x: 0, y: 0, z: 0 };
    const r = renderAreaDetailed(s, from, { x: 2, y: 0, z: 2 }, { view: 'top', scale: 32, grid: false });
    const png = PNG.sync.read(r.png);
    const at = (b: BlockPos, fu: number, fv: number) =>
      rgbAt(png, { x: Math.floor((b.x - from.x + fu) * 32), y: Math.floor((b.z - from.z + fv) * 32) });
    expect(at(head, u, v)).toBe(PILLOW.join(','));
    // the head half's other end, and all of the foot half, are the bed's red
    expect(reddish(at(head, 1 - u, 1 - v))).toBe(true);
    expect(reddish(at(foot, 0.5, 0.5))).toBe(true);
    expect(light(at(foot, u, v))).toBe(false);
    expect(r.legend).toEqual(['red_bed']);
  },
);

test('a bed seen from the north-west still has its pillow at its head end', () => {
  const foot = ORIGIN;
  const head = { x: 0, y: 0, z: 1 };
  const s = new MapBlockSource()
    .set(foot, 'minecraft:red_bed[facing=south,part=foot]')
    .set(head, 'minecraft:red_bed[facing=south,part=head]');
  const r = renderAreaDetailed(s, foot, head, {
    view: 'isometric',
    corner: 'north-west',
    scale: 32,
    grid: false,
    legend: false,
  });
  const png = PNG.sync.read(r.png);
  // from the north-west the picture is turned half round (local = 1 - world on both axes): the head is
  // the far block, and its pillow (world z 9/16 to 15/16) lies at its local z 1/16 to 7/16
  const sameTurn = (fx: number, fz: number) => screenOf(r, head, 1 - fx, 9 / 16, 1 - fz);
  expect(rgbAt(png, sameTurn(0.5, 12 / 16))).toBe(PILLOW.join(','));
  expect(reddish(rgbAt(png, sameTurn(0.5, 3 / 16)))).toBe(true);
});

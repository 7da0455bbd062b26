import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import type { BlockPos } from '../../src/vocabulary/blocks/box.js';
import { MapBlockSource } from '../../src/vocabulary/blocks/block-state.js';
import { blockColour, hashColour } from '../../src/world-view/colours.js';
import { AreaTooLargeError } from '../../src/world-view/encode.js';
import { shade } from '../../src/world-view/raster.js';
import { planRender, renderArea } from '../../src/world-view/render.js';
import { BACKGROUND, MAX_IMAGE_SIDE } from '../../src/world-view/render-grid.js';

const HATCH = new Set(['24,24,24', '214,64,214']);
const rgbAt = (png: PNG, p: { x: number; y: number }) => {
  const i = (p.y * png.width + p.x) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
};

/** a 5×3×4 plot: stone floor at y=10, red wool on it, glass beside it; x ≥ 4 unloaded */
function plot(): MapBlockSource {
  const s = new MapBlockSource((p) => p.x < 4);
  for (let x = 0; x < 4; x++) for (let z = 0; z < 4; z++) s.set({ x, y: 10, z }, 'minecraft:stone');
  s.set({ x: 1, y: 11, z: 1 }, 'minecraft:red_wool');
  s.set({ x: 2, y: 11, z: 0 }, 'minecraft:glass');
  return s;
}
const FROM: BlockPos = { x: 0, y: 10, z: 0 };
const TO: BlockPos = { x: 4, y: 12, z: 3 };

describe.each(['top', 'isometric'] as const)('renderArea, %s view', (view) => {
  test.each([true, false])('gives a PNG of the planned size (grid %s)', (grid) => {
    const png = PNG.sync.read(renderArea(plot(), FROM, TO, { view, grid, legend: false }));
    const plan = planRender(FROM, TO, { view, grid });
    expect([png.width, png.height]).toEqual([plan.width, plan.height]);
  });

  test('draws a known block in its colour where the plan says it is', () => {
    const png = PNG.sync.read(renderArea(plot(), FROM, TO, { view, scale: 12, textures: false }));
    const plan = planRender(FROM, TO, { view, scale: 12 });
    const wool = blockColour('minecraft:red_wool').rgb;
    // top view: lower blocks are darker; the wool is on the middle of three layers
    const expected = view === 'top' ? shade(wool, 0.55 + (0.45 * 2) / 3) : wool;
    expect(rgbAt(png, plan.pixelOf({ x: 1, y: 11, z: 1 }))).toEqual([...expected]);
  });

  test('draws unloaded positions hatched, not as air', () => {
    const png = PNG.sync.read(renderArea(plot(), FROM, TO, { view, scale: 12, textures: false }));
    const plan = planRender(FROM, TO, { view, scale: 12 });
    const unloaded = rgbAt(png, plan.pixelOf({ x: 4, y: 12, z: 1 })).join(',');
    expect(HATCH.has(unloaded)).toBe(true);
    expect(unloaded).not.toBe(BACKGROUND.join(','));
  });

  test('shows glass as translucent: mixed with what is behind it', () => {
    const png = PNG.sync.read(renderArea(plot(), FROM, TO, { view, scale: 12, textures: false }));
    const plan = planRender(FROM, TO, { view, scale: 12 });
    const seen = rgbAt(png, plan.pixelOf({ x: 2, y: 11, z: 0 }));
    expect(seen).not.toEqual([...blockColour('minecraft:glass').rgb]);
    expect(seen).not.toEqual([...blockColour('minecraft:stone').rgb]);
    expect(seen).not.toEqual([...BACKGROUND]);
  });

  test('renders 32,768 blocks within the image size limit and refuses more', () => {
    const s = new MapBlockSource();
    for (let x = 0; x < 32; x++) for (let z = 0; z < 32; z++) s.set({ x, y: 0, z }, 'minecraft:grass_block');
    const png = PNG.sync.read(renderArea(s, { x: 0, y: 0, z: 0 }, { x: 31, y: 31, z: 31 }, { view }));
    expect(Math.max(png.width, png.height)).toBeLessThanOrEqual(MAX_IMAGE_SIDE);
    expect(() => renderArea(s, { x: 0, y: 0, z: 0 }, { x: 32, y: 31, z: 31 }, { view })).toThrow(
      AreaTooLargeError,
    );
  });

  test('a legend of more block types than fit keeps the whole image within the limit', () => {
    const s = new MapBlockSource();
    for (let x = 0; x < 32; x++) for (let z = 0; z < 32; z++) s.set({ x, y: 0, z }, `minecraft:b${x}_${z}`);
    const png = PNG.sync.read(
      renderArea(s, { x: 0, y: 0, z: 0 }, { x: 31, y: 0, z: 31 }, { view, scale: 64 }),
    );
    expect(Math.max(png.width, png.height)).toBeLessThanOrEqual(MAX_IMAGE_SIDE);
  });

  test('a long thin area shrinks the scale to keep the image bounded', () => {
    const plan = planRender({ x: 0, y: 0, z: 0 }, { x: 1_000, y: 0, z: 0 }, { view, scale: 16 });
    expect(plan.scale).toBeLessThan(16);
    expect(Math.max(plan.width, plan.height)).toBeLessThanOrEqual(MAX_IMAGE_SIDE);
  });

  test('an area too long even at one pixel per block is refused with a way to split it', () => {
    expect(() => planRender({ x: 0, y: 0, z: 0 }, { x: 20_000, y: 0, z: 0 }, { view })).toThrow(
      /split it along x into \d+ parts/,
    );
  });
});

describe('blockColour', () => {
  const planks = blockColour('minecraft:oak_planks').rgb;
  test.each([
    ['minecraft:oak_stairs', planks],
    ['minecraft:oak_slab', planks],
    ['oak_fence', planks],
    ['minecraft:stone_brick_stairs', blockColour('minecraft:stone_bricks').rgb],
    ['minecraft:brick_wall', blockColour('minecraft:bricks').rgb],
    ['minecraft:quartz_slab', blockColour('minecraft:quartz_block').rgb],
  ])('%s takes the colour of its base block', (name, rgb) => {
    expect(blockColour(name).rgb).toEqual(rgb);
  });

  test.each([
    ['minecraft:glass', true],
    ['minecraft:light_blue_stained_glass_pane', true],
    ['minecraft:water', true],
    ['minecraft:white_concrete', false],
    ['minecraft:cyan_terracotta', false],
  ])('%s translucent: %s', (name, translucent) => {
    expect(blockColour(name).alpha < 1).toBe(translucent);
  });

  test('dyed blocks differ by dye; the same dye keeps its hue across wool, concrete, glass', () => {
    expect(blockColour('minecraft:red_wool').rgb).not.toEqual(blockColour('minecraft:blue_wool').rgb);
    const [r, g, b] = blockColour('minecraft:red_concrete').rgb;
    expect(r).toBeGreaterThan(g + 50);
    expect(r).toBeGreaterThan(b + 50);
  });

  test.each(['minecraft:lantern', 'minecraft:torch', 'minecraft:glowstone'])('%s is a light', (name) => {
    expect(blockColour(name).emissive).toBe(true);
  });

  test('unknown blocks get a stable colour from their name', () => {
    expect(blockColour('minecraft:sculk_shrieker').rgb).toEqual(hashColour('minecraft:sculk_shrieker'));
    expect(hashColour('mymod:oak_planks')).toEqual(hashColour('mymod:oak_planks'));
    expect(hashColour('a:b')).not.toEqual(hashColour('a:c'));
    expect(blockColour('mymod:oak_planks').rgb).not.toEqual(planks);
  });
});

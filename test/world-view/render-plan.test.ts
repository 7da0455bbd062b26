/** The top (plan) view of a room: doors, panes and stairs drawn so they can be told apart; a legend of what shows. */
import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import { MapBlockSource } from '../../src/vocabulary/blocks/block-state.js';
import { shade } from '../../src/world-view/raster.js';
import { type RenderResult, renderAreaDetailed } from '../../src/world-view/render.js';
import { blockTextures } from '../../src/world-view/textures.js';
import { furnishedRoom, ROOM } from './room-fixture.js';

/** The pixel at (fx, fz) (0–1 across the cell) of the map cell of block column (x, z). */
function pixel(r: RenderResult, png: PNG, x: number, z: number, fx: number, fz: number): number[] {
  const { scale: cell } = r.plan;
  const centre = r.plan.pixelOf({ x, y: 0, z });
  const px = centre.x + Math.floor((fx - 0.5) * cell);
  const py = centre.y + Math.floor((fz - 0.5) * cell);
  const i = (py * png.width + px) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
}
// flat colours are the textures' averages; lower layers darker (the room's box is 5 high)
const flat = (name: string) => blockTextures(name)!.top.average;
const height = (dy: number) => 0.55 + (0.45 * (dy + 1)) / 5;

describe('the plan view of a furnished room', () => {
  const r = renderAreaDetailed(furnishedRoom(), ROOM.from, ROOM.to, {
    view: 'top',
    scale: 32,
    textures: false,
  });
  const png = PNG.sync.read(r.png);
  const at = (x: number, z: number, fx = 0.5, fz = 0.5) => pixel(r, png, x, z, fx, fz);

  // regressions: the wall's top row over a door or a window hid it, yet the legend listed it
  test('a door shows under its lintel: a gap in the wall with a bar along the side it closes', () => {
    // facing north, closed: vanilla DoorBlock's NORTH_AABB, the south 3/16 of the block
    const wallTop = shade(flat('oak_planks'), height(3));
    expect(at(2, 6)).toEqual([...wallTop]);
    expect(at(3, 6)).toEqual([...shade(flat('oak_planks'), height(0))]); // the floor in the doorway
    expect(at(3, 6, 0.5, 14.5 / 16)).toEqual([...shade(flat('oak_door'), height(2))]);
    expect(at(3, 6, 0.5, 11 / 16)).not.toEqual(at(3, 6, 0.5, 14.5 / 16));
  });

  test('a pane shows under its lintel as a thin line along its arms', () => {
    // the pane at (3, 2, 0) joins east and west: a line through the middle of the cell, west to east
    const pane = shade(flat('glass_pane'), height(2));
    for (const fx of [0.2, 0.5, 0.8]) expect(at(3, 0, fx, 16.5 / 32)).toEqual([...pane]);
    // beside the line, the sill under the window
    expect(at(3, 0, 0.5, 0.2)).toEqual([...shade(flat('oak_planks'), height(1))]);
    // the pane at (0, 2, 3) joins north and south: a line down the cell
    expect(at(0, 3, 16.5 / 32, 0.2)).toEqual([...pane]);
    expect(at(0, 3, 0.2, 0.5)).not.toEqual([...pane]);
  });

  test('stairs show their step: the high half lighter than the low half', () => {
    // oak_stairs[facing=north,half=bottom] at (4, 1, 1): the step on the north half
    const planks = flat('oak_planks');
    expect(at(4, 1, 0.5, 0.25)).toEqual([...shade(planks, height(1))]);
    expect(at(4, 1, 0.5, 0.75)).toEqual([...shade(planks, height(1) * 0.7)]);
    // a bottom slab beside it is one height all over
    expect(at(3, 1, 0.5, 0.25)).toEqual(at(3, 1, 0.5, 0.75));
  });

  test('the legend names the door, the panes and the stairs, which now show', () => {
    for (const name of ['oak_door', 'glass_pane', 'oak_stairs', 'oak_slab', 'red_bed'])
      expect(r.legend).toContain(name);
  });
});

describe('the plan view legend', () => {
  // a grass floor over a stone layer: from above only the grass shows
  const s = new MapBlockSource();
  for (let x = 0; x < 3; x++)
    for (let z = 0; z < 3; z++) {
      s.set({ x, y: 0, z }, 'minecraft:stone');
      s.set({ x, y: 1, z }, 'minecraft:grass_block');
    }
  const box = [
    { x: 0, y: 0, z: 0 },
    { x: 2, y: 1, z: 2 },
  ] as const;

  test('lists only the blocks that show; the counts keep every block', () => {
    const top = renderAreaDetailed(s, box[0], box[1], { view: 'top', scale: 16 });
    expect(top.legend).toEqual(['grass_block']);
    expect(top.counts.blocks.map((b) => b.name).sort()).toEqual(['grass_block', 'stone']);
    // the isometric view shows the stone on the box's sides and names it
    const iso = renderAreaDetailed(s, box[0], box[1], { view: 'isometric', scale: 16 });
    expect(iso.legend.sort()).toEqual(['grass_block', 'stone']);
    expect(top.height - top.plan.height).toBeLessThan(iso.height - iso.plan.height);
  });
});

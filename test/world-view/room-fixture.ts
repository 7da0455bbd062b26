/** A furnished 7×5×7 room like the demo's, in memory: plank shell with a ceiling, door, windows and furniture. */
import { MapBlockSource } from '../../src/vocabulary/blocks/block-state.js';

export const ROOM = { from: { x: 0, y: 0, z: 0 }, to: { x: 6, y: 4, z: 6 } };

export function furnishedRoom(): MapBlockSource {
  const s = new MapBlockSource();
  for (let y = 0; y <= 4; y++)
    for (let z = 0; z <= 6; z++)
      for (let x = 0; x <= 6; x++) {
        const shell = x === 0 || x === 6 || z === 0 || z === 6 || y === 0 || y === 4;
        if (shell) s.set({ x, y, z }, 'minecraft:oak_planks');
      }
  for (let z = 1; z <= 5; z++) for (let x = 1; x <= 5; x++) s.set({ x, y: 0, z }, 'minecraft:spruce_planks');
  s.set({ x: 3, y: 1, z: 6 }, 'minecraft:oak_door[facing=north,half=lower,hinge=left,open=false]');
  s.set({ x: 3, y: 2, z: 6 }, 'minecraft:oak_door[facing=north,half=upper,hinge=left,open=false]');
  s.set({ x: 3, y: 2, z: 0 }, 'minecraft:glass_pane[east=true,west=true]');
  s.set({ x: 0, y: 2, z: 3 }, 'minecraft:glass_pane[north=true,south=true]');
  s.set({ x: 1, y: 1, z: 5 }, 'minecraft:crafting_table');
  s.set({ x: 2, y: 1, z: 5 }, 'minecraft:bookshelf');
  s.set({ x: 5, y: 1, z: 5 }, 'minecraft:red_bed[facing=south,part=head]');
  s.set({ x: 5, y: 1, z: 4 }, 'minecraft:red_bed[facing=south,part=foot]');
  s.set({ x: 5, y: 1, z: 1 }, 'minecraft:potted_poppy');
  for (const [x, z] of [
    [2, 2],
    [3, 2],
    [2, 3],
    [3, 3],
  ] as const)
    s.set({ x, y: 1, z }, 'minecraft:red_carpet');
  s.set({ x: 1, y: 3, z: 1 }, 'minecraft:lantern[hanging=true]');
  s.set({ x: 1, y: 2, z: 3 }, 'minecraft:wall_torch[facing=east]');
  s.set({ x: 4, y: 1, z: 1 }, 'minecraft:oak_stairs[facing=north,half=bottom]');
  s.set({ x: 3, y: 1, z: 1 }, 'minecraft:oak_slab[type=bottom]');
  s.set({ x: 5, y: 2, z: 3 }, 'minecraft:oak_wall_sign[facing=west]');
  return s;
}

export const TWO_ROOMS = { from: { x: -1, y: 0, z: -1 }, to: { x: 11, y: 4, z: 7 } };
export const TWO_ROOMS_DOORWAY = { x: 5, z: 3 };

/**
 * Two 4×3×5 rooms side by side in one 11×5×7 stone-brick shell with a ceiling: a plank wall at x = 5
 * splits them, with a doorway (air, 1 wide and 2 high) at z = 3.
 */
export function twoRooms(): MapBlockSource {
  const s = new MapBlockSource();
  for (let y = 0; y <= 4; y++)
    for (let z = 0; z <= 6; z++)
      for (let x = 0; x <= 10; x++) {
        const shell = x === 0 || x === 10 || z === 0 || z === 6 || y === 0 || y === 4;
        if (shell) s.set({ x, y, z }, 'minecraft:stone_bricks');
        else if (x === 5 && !(z === TWO_ROOMS_DOORWAY.z && y <= 2))
          s.set({ x, y, z }, 'minecraft:oak_planks');
      }
  return s;
}

/**
 * A hand-built house for the checker's and the judge's own tests: a 3×3 room (air x 0–2, y 65–67, z 0–2) in
 * stone bricks on a plank floor under a plank roof, a whole oak door in its south wall at x=1, a wall torch on
 * its west wall and a lantern on its floor.
 */
import { Builder, rect } from './build.js';
import { type Building, finish } from './generator.js';

export const house = (): Building => {
  const b = new Builder({ x: 0, y: 64, z: 0 }, 64);
  b.fill({ x: -1, y: 64, z: -1 }, { x: 3, y: 64, z: 3 }, 'minecraft:oak_planks');
  b.fill({ x: -1, y: 65, z: -1 }, { x: 3, y: 67, z: 3 }, 'minecraft:stone_bricks', 'hollow');
  b.fill({ x: 0, y: 65, z: 0 }, { x: 2, y: 67, z: 2 }, 'minecraft:air');
  b.fill({ x: -1, y: 68, z: -1 }, { x: 3, y: 68, z: 3 }, 'minecraft:oak_planks');
  b.set({ x: 1, y: 65, z: 3 }, 'minecraft:oak_door[facing=south,half=lower]');
  b.set({ x: 1, y: 66, z: 3 }, 'minecraft:oak_door[facing=south,half=upper]');
  b.support({ x: 1, y: 66, z: 3 }, 'minecraft:oak_door', 'below', { x: 1, y: 65, z: 3 });
  b.set({ x: 0, y: 66, z: 1 }, 'minecraft:wall_torch[facing=east]');
  b.support({ x: 0, y: 66, z: 1 }, 'minecraft:wall_torch', 'behind', { x: -1, y: 66, z: 1 });
  b.set({ x: 2, y: 65, z: 2 }, 'minecraft:lantern');
  b.support({ x: 2, y: 65, z: 2 }, 'minecraft:lantern', 'below', { x: 2, y: 64, z: 2 });
  const air = [];
  for (let y = 65; y <= 67; y++) for (const [x, z] of rect(0, 0, 2, 2)) air.push({ x, y, z });
  b.room(
    'house',
    'room',
    air.filter((p) => !(p.x === 0 && p.y === 66 && p.z === 1) && !(p.x === 2 && p.y === 65 && p.z === 2)),
    true,
  );
  return finish(b, 0, 'rectangle');
};

/**
 * The generator's own truth holds: the same seed gives the same building, every room it records is air over a
 * floor with two blocks of headroom somewhere, its "way in" agrees with a naive walk from open sky, and the
 * spaces it calls no room (roof space, pavilion, garden) hold no recorded room.
 */
import { describe, expect, test } from 'vitest';
import { type Building, generate, reproduce } from './generator.js';
import { FAMILIES, type Family } from './families.js';
import { formatState, id, inBox, isAir } from './grid.js';
import { Walker } from './walk.js';

const SEEDS = 600;
const buildings: Building[] = Array.from({ length: SEEDS }, (_, i) => generate(i + 1));
const where = (b: Building, what: string) =>
  `${b.family} seed ${b.seed}: ${what} (rerun: ${reproduce(b.seed, b.family)})`;

describe('the generator', () => {
  test('the same seed gives the same building and truth; another seed another', () => {
    const again = generate(42);
    const first = buildings[41]!;
    expect(again.commands).toEqual(first.commands);
    expect(again.rooms).toEqual(first.rooms);
    expect(again.supports).toEqual(first.supports);
    expect(generate(43).commands).not.toEqual(first.commands);
  });

  test('a family can be asked for, and builds at the origin given', () => {
    for (const family of Object.keys(FAMILIES) as Family[]) {
      const b = generate(5, { family, origin: { x: 100, y: -60, z: -200 } });
      expect(b.family).toBe(family);
      expect(b.commands.length).toBeGreaterThan(0);
      expect(inBox(b.site, { x: 100, y: -60, z: -200 })).toBe(true);
    }
  });

  test('every room is air, with a floor under it and two blocks of headroom somewhere', () => {
    const wrong: string[] = [];
    for (const b of buildings) {
      const walker = new Walker(b.grid, b.near);
      for (const r of b.rooms) {
        const air = new Set(r.air.map(id));
        const solid = r.air.find((p) => !isAir(b.grid.get(p)));
        if (solid) wrong.push(where(b, `${r.label} holds ${formatState(b.grid.get(solid))}`));
        const stand = r.air.some((p) => walker.held(p) && air.has(id({ ...p, y: p.y + 1 })));
        if (!stand) wrong.push(where(b, `${r.label} has no cell to stand in`));
      }
    }
    expect(wrong).toEqual([]);
  });

  test("each room's way in agrees with a naive walk from open sky", () => {
    const wrong: string[] = [];
    for (const b of buildings) {
      const reach = new Walker(b.grid, b.near).reach();
      for (const r of b.rooms) {
        const walked = r.air.some((p) => reach.has(id(p)));
        if (walked !== r.wayIn) wrong.push(where(b, `${r.label}: truth ${r.wayIn}, walked ${walked}`));
      }
    }
    expect(wrong).toEqual([]);
  });

  test('rooms that no player can walk into include sealed ones, and ways in include stairs, ladders and hatches', () => {
    const kinds = (wayIn: boolean) =>
      new Set(
        buildings.flatMap((b) =>
          b.rooms.filter((r) => r.wayIn === wayIn).map((r) => `${b.family}/${r.kind}`),
        ),
      );
    expect([...kinds(true)]).toEqual(
      expect.arrayContaining([
        'twoStorey/storey',
        'ladderTower/storey',
        'gableHouse/attic',
        'basement/basement',
        'closet/closet',
        'corridor/corridor',
      ]),
    );
    expect([...kinds(false)]).toEqual(
      expect.arrayContaining(['rectangle/room', 'raisedFloor/room', 'basement/basement']),
    );
  });

  test('roof space, pavilions and gardens are no rooms, and hold none', () => {
    const seen = new Set<string>();
    for (const b of buildings)
      for (const n of b.notRooms) {
        seen.add(n.label);
        for (const r of b.rooms)
          expect(
            r.air.some((p) => inBox(n.box, p)),
            where(b, `${r.label} inside the ${n.label}`),
          ).toBe(r.label === 'garden house');
      }
    expect([...seen].sort()).toEqual(['garden', 'pavilion', 'roof space']);
  });
});

/**
 * What a picture shows is what was drawn: the renderer records which block painted each pixel, and the
 * counts, the legend and the see-through note come from that, not from the box.
 */
import { describe, expect, test } from 'vitest';
import { MapBlockSource } from '../../src/vocabulary/blocks/block-state.js';
import { renderAreaDetailed } from '../../src/world-view/render.js';
import { CORNERS } from '../../src/world-view/rotate.js';
import { furnishedRoom } from './room-fixture.js';

/** a 5×5×5 stone shell with a gold block inside, and unloaded ground where `loaded` says */
function sealedBox(loaded?: (p: { x: number; y: number; z: number }) => boolean): MapBlockSource {
  const s = new MapBlockSource(loaded);
  for (let y = 0; y <= 4; y++)
    for (let z = 0; z <= 4; z++)
      for (let x = 0; x <= 4; x++)
        if (x === 0 || x === 4 || y === 0 || y === 4 || z === 0 || z === 4)
          s.set({ x, y, z }, 'minecraft:stone');
  s.set({ x: 2, y: 1, z: 2 }, 'minecraft:gold_block');
  return s;
}
const box = { from: { x: 0, y: 0, z: 0 }, to: { x: 4, y: 4, z: 4 } };
const names = (counts: { blocks: Array<{ name: string }> }) => counts.blocks.map((b) => b.name);

describe('a sealed box, drawn whole', () => {
  test.each(CORNERS)(
    'from the %s: the outside faces only, the gold hidden, and where to cut to see it',
    (corner) => {
      const r = renderAreaDetailed(sealedBox(), box.from, box.to, {
        view: 'isometric',
        corner,
        cutaway: false,
      });
      // the top and the two sides toward the corner: 25 + 25 + 25, less the 15 on two of them, plus the corner
      expect(r.shown.blocks).toEqual([{ name: 'stone', count: 61 }]);
      expect(r.legend).toEqual(['stone']);
      expect(r.counts.blocks).toEqual([
        { name: 'stone', count: 98 },
        { name: 'gold_block', count: 1 },
      ]);
      expect(r.hidden).toEqual({ count: 38, unseen: [{ name: 'gold_block', count: 1 }], unseenTopY: 1 });
      expect(r.seeThrough).toBe(false);
      expect(r.caption.join(' ')).not.toMatch(/see-through/);
    },
  );

  test('cut down to the gold\u2019s layer, the gold shows from above', () => {
    const r = renderAreaDetailed(sealedBox(), box.from, { ...box.to, y: 1 }, { view: 'isometric' });
    expect(names(r.shown)).toContain('gold_block');
    expect(r.hidden.unseen).toEqual([]);
  });

  test('its top cut away: the near walls are drawn see-through and said so, and the gold shows', () => {
    const r = renderAreaDetailed(sealedBox(), box.from, box.to, { view: 'isometric' });
    expect(r.cutaway).toEqual({ fromY: 4, removed: 25 });
    expect(r.seeThrough).toBe(true);
    expect(r.caption).toContain('near walls see-through');
    expect(names(r.shown)).toContain('gold_block');
  });

  test('a top view: the top layer only, each block counted once', () => {
    const r = renderAreaDetailed(sealedBox(), box.from, box.to, { view: 'top', cutaway: false });
    expect(r.shown.blocks).toEqual([{ name: 'stone', count: 25 }]);
    expect(r.hidden.unseen).toEqual([{ name: 'gold_block', count: 1 }]);
  });
});

test('an unloaded column in front hides what is behind it: the hatch is no window', () => {
  // the whole front row (z = 5, in front of the box's south side) unloaded and 5 high
  const source = sealedBox((p) => p.z !== 5);
  const r = renderAreaDetailed(
    source,
    box.from,
    { ...box.to, z: 5 },
    { view: 'isometric', corner: 'south-east', cutaway: false },
  );
  expect(r.counts.unloaded).toBe(25);
  // the south side of the box is behind the hatch: only the top and the east side show
  expect(r.shown.blocks).toEqual([{ name: 'stone', count: 25 + 25 - 5 }]);
});

test('a furnished room seen from each corner: shown and hidden add up to the box, and the legend names what shows', () => {
  const counts = CORNERS.map((corner) => {
    const r = renderAreaDetailed(
      furnishedRoom(),
      { x: -1, y: 0, z: -1 },
      { x: 7, y: 4, z: 7 },
      {
        view: 'isometric',
        corner,
        scale: 12,
      },
    );
    for (const b of r.shown.blocks)
      expect(b.count).toBeLessThanOrEqual(r.counts.blocks.find((c) => c.name === b.name)!.count);
    expect(r.legend).toEqual(names(r.shown));
    return r.shown.blocks.reduce((n, b) => n + b.count, 0) + r.hidden.count;
  });
  // shown + hidden is the whole box, whichever corner
  expect(new Set(counts).size).toBe(1);
});

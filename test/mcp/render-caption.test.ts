/**
 * render_area's words come from what was drawn: the blocks it names and counts, the legend and the see-through
 * walls are those with a face in the picture, and what shows nowhere is said, with a call that shows it. Real
 * embedded world, real bot, real MCP client.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
/** the sealed box's lowest corner; the eaved room stands 10 blocks east of it */
let o: { x: number; y: number; z: number };
beforeAll(async () => {
  c = await startCompanion({ username: 'Caption' });
  const p = (await c.target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 4, y: Math.floor(p.y), z: Math.floor(p.z) + 4 };
  const e = o.x + 10;
  const built = await c.execute([
    // a sealed 5×5×5 stone box with a gold block inside
    `fill ${o.x} ${o.y} ${o.z} ${o.x + 4} ${o.y + 4} ${o.z + 4} minecraft:stone hollow`,
    `setblock ${o.x + 2} ${o.y + 1} ${o.z + 2} minecraft:gold_block`,
    // a room whose ceiling reaches a block past its walls on every side: the walls have roof in front of them
    `fill ${e + 1} ${o.y} ${o.z + 1} ${e + 5} ${o.y + 4} ${o.z + 5} minecraft:cobblestone hollow`,
    `fill ${e} ${o.y + 4} ${o.z} ${e + 6} ${o.y + 4} ${o.z + 6} minecraft:oak_planks`,
    `setblock ${e + 3} ${o.y + 1} ${o.z + 3} minecraft:gold_block`,
  ]);
  expect(built.failedCount).toBe(0);
});
afterAll(async () => {
  await c?.close();
});

interface Rendered {
  text: string;
  shown: string[];
}
async function render(args: Record<string, unknown>): Promise<Rendered> {
  const r = await c.call('render_area', args);
  expect(r.isError).toBeFalsy();
  const text = (r.content as Array<{ type: string; text?: string }>).find((x) => x.type === 'text')!.text!;
  return { text, shown: (r.structuredContent as { shown: string[] }).shown };
}

/** the line naming the picture's blocks, up to what it says is hidden */
const inPicture = (text: string): string =>
  /^in the picture \(blocks with a face it shows\): ([^;]*)/m.exec(text)![1]!;

const around = () => ({
  from: { x: o.x - 1, y: o.y - 1, z: o.z - 1 },
  to: { x: o.x + 5, y: o.y + 4, z: o.z + 5 },
});

test('a sealed stone box drawn whole: the gold inside is not in the picture, and the answer says how to see it', async () => {
  const r = await render({ ...around(), cutaway: false });
  expect(inPicture(r.text)).not.toMatch(/gold_block/);
  expect(r.shown).not.toContain('gold_block');
  // the outside faces only: the top, the south and the east side of the box (75 faces, 61 blocks)
  expect(inPicture(r.text)).toMatch(/\bstone 61\b/);
  expect(r.text).toMatch(
    /not in the picture at all: gold_block 1 — to see them, render the box with to\.y (-?\d+)/,
  );
  expect(r.text).not.toMatch(/see-through/);

  // the call it names, run as given, shows the gold
  const y = Number(/render the box with to\.y (-?\d+)/.exec(r.text)![1]);
  expect(y).toBe(o.y + 1);
  const sliced = await render({ ...around(), to: { ...around().to, y }, cutaway: false });
  expect(inPicture(sliced.text)).toMatch(/\bgold_block 1\b/);
  expect(sliced.shown).toContain('gold_block');
  expect(sliced.text).not.toMatch(/not in the picture at all/);
});

test('the same box with its top cut away: the gold shows, and the near walls are said see-through as drawn', async () => {
  const r = await render(around());
  expect(r.text).toMatch(
    /^cut away: 25 blocks from y -?\d+ up are not drawn \(stone 25\), and the near walls/m,
  );
  expect(inPicture(r.text)).toMatch(/\bgold_block 1\b/);
  expect(r.shown).toContain('gold_block');
  expect(r.text).not.toMatch(/not in the picture at all/);
});

test('a room whose ceiling overhangs its walls: the walls are drawn solid, and the answer does not call them see-through', async () => {
  const e = o.x + 10;
  const r = await render({
    from: { x: e, y: o.y, z: o.z },
    to: { x: e + 6, y: o.y + 4, z: o.z + 6 },
  });
  expect(r.text).toMatch(/^cut away: 49 blocks from y -?\d+ up are not drawn \(oak_planks 49\)/m);
  expect(r.text).not.toMatch(/see-through/);
});

/**
 * render_area through the real Client on the demo's furnished room in the embedded world: the ceiling is
 * cut away by default, the text lists the blocks drawn with counts, and other corners and the top view
 * give other pictures. With MCBRIDGE_WRITE_DOCS=1 it writes the README's picture, docs/room-cutaway.png.
 */
import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let room: { from: { x: number; y: number; z: number }; to: { x: number; y: number; z: number } };

beforeAll(async () => {
  c = await startCompanion({ username: 'Painter' });
  const p = (await c.target.get()).channel.executorPosition()!;
  // the demo's room (src/cli/demo-run.ts): 7×5×7 plank shell, spruce floor, furniture, door, window, lantern
  const [x1, y1, z1] = [Math.floor(p.x) + 3, Math.floor(p.y) - 1, Math.floor(p.z) + 3];
  const [x2, y2, z2] = [x1 + 6, y1 + 4, z1 + 6];
  const batch = await c.execute([
    `fill ${x1} ${y1} ${z1} ${x2} ${y2} ${z2} minecraft:oak_planks hollow`,
    `fill ${x1 + 1} ${y1} ${z1 + 1} ${x2 - 1} ${y1} ${z2 - 1} minecraft:spruce_planks`,
    `setblock ${x1 + 1} ${y1 + 1} ${z2 - 1} minecraft:crafting_table`,
    `setblock ${x1 + 2} ${y1 + 1} ${z2 - 1} minecraft:bookshelf`,
    `setblock ${x2 - 1} ${y1 + 1} ${z2 - 1} minecraft:red_bed[facing=south,part=head]`,
    `setblock ${x2 - 1} ${y1 + 1} ${z2 - 2} minecraft:red_bed[facing=south,part=foot]`,
    `setblock ${x2 - 1} ${y1 + 1} ${z1 + 1} minecraft:potted_poppy`,
    `fill ${x1 + 2} ${y1 + 1} ${z1 + 2} ${x1 + 3} ${y1 + 1} ${z1 + 3} minecraft:red_carpet`,
    `setblock ${x1 + 3} ${y1 + 1} ${z2} minecraft:oak_door[facing=north,half=lower]`,
    `setblock ${x1 + 3} ${y1 + 2} ${z2} minecraft:oak_door[facing=north,half=upper]`,
    `setblock ${x1 + 3} ${y1 + 2} ${z1} minecraft:glass_pane[east=true,west=true]`,
    `setblock ${x1 + 1} ${y2 - 1} ${z1 + 1} minecraft:lantern[hanging=true]`,
  ]);
  expect(batch.appliedCount).toBe(batch.totalCommands);
  room = { from: { x: x1 - 1, y: y1, z: z1 - 1 }, to: { x: x2 + 1, y: y2, z: z2 + 1 } };
}, 120_000);

afterAll(async () => {
  await c?.close();
});

const imageOf = (result: Awaited<ReturnType<TestCompanion['call']>>) =>
  Buffer.from(
    (result.content as Array<{ type: string; data?: string }>).find((x) => x.type === 'image')!.data!,
    'base64',
  );
const textOf = (result: Awaited<ReturnType<TestCompanion['call']>>) =>
  (result.content as Array<{ type: string; text?: string }>).find((x) => x.type === 'text')!.text!;

test('the default render of a room cuts its ceiling away, says so, and counts the blocks drawn', async () => {
  const result = await c.call('render_area', room);
  expect(result.isError).toBeFalsy();
  const out = result.structuredContent as {
    corner: string;
    cutaway?: { fromY: number; removed: number };
    blocks: Array<{ name: string; count: number }>;
    width: number;
    height: number;
  };
  expect(out.corner).toBe('south-east');
  expect(out.cutaway).toMatchObject({ fromY: room.to.y, removed: 49 });
  const counts = Object.fromEntries(out.blocks.map((b) => [b.name, b.count]));
  expect(counts).toMatchObject({
    red_bed: 2,
    red_carpet: 4,
    potted_poppy: 1,
    oak_door: 2,
    spruce_planks: 25,
  });
  expect(counts['lantern']).toBe(1);
  const text = textOf(result);
  expect(text).toContain(`cut away: 49 blocks from y ${room.to.y} up are not drawn`);
  expect(text).toContain('red_bed 2');
  expect(text).toContain('corner south-west | north-west | north-east');
  const png = PNG.sync.read(imageOf(result));
  expect([png.width, png.height]).toEqual([out.width, out.height]);
  if (process.env['MCBRIDGE_WRITE_DOCS'] === '1') {
    const big = await c.call('render_area', { ...room, scale: 24 });
    writeFileSync('docs/room-cutaway.png', imageOf(big));
  }
}, 180_000);

test('other corners and the top view give other pictures of the same blocks; cutaway: false keeps the ceiling', async () => {
  const se = imageOf(await c.call('render_area', room));
  const nw = await c.call('render_area', { ...room, corner: 'north-west' });
  const top = await c.call('render_area', { ...room, view: 'top' });
  expect(imageOf(nw).equals(se)).toBe(false);
  expect(imageOf(top).equals(se)).toBe(false);
  expect(textOf(nw)).toContain('seen from the north-west');
  const whole = await c.call('render_area', { ...room, cutaway: false });
  expect((whole.structuredContent as { cutaway?: unknown }).cutaway).toBeUndefined();
  expect(textOf(whole)).toContain('nothing cut away (cutaway: false)');
}, 180_000);

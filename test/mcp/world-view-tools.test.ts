/** get_blocks_in_area and render_area through the real Client, on what the bot sees of the embedded world. */
import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { EncodedArea } from '../../src/world-view/encode.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let o: { x: number; y: number; z: number };

beforeAll(async () => {
  c = await startCompanion({ username: 'Viewer' });
  const p = (await c.target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
  await c.execute([
    `fill ${o.x} ${o.y} ${o.z} ${o.x + 2} ${o.y} ${o.z + 2} minecraft:oak_planks`,
    `setblock ${o.x + 1} ${o.y + 1} ${o.z + 1} minecraft:oak_door[facing=north,half=lower]`,
    `setblock ${o.x + 1} ${o.y + 2} ${o.z + 1} minecraft:oak_door[facing=north,half=upper]`,
  ]);
});
afterAll(async () => {
  await c?.close();
});

test('get_blocks_in_area returns every block with its states, losslessly', async () => {
  const result = await c.call('get_blocks_in_area', { from: o, to: { x: o.x + 2, y: o.y + 2, z: o.z + 2 } });
  expect(result.isError).toBeFalsy();
  const area = result.structuredContent as unknown as EncodedArea;
  expect(area.size).toEqual({ x: 3, y: 3, z: 3 });
  const palette = Object.values(area.palette);
  expect(palette).toContain('minecraft:oak_planks');
  expect(palette).toContain(
    'minecraft:oak_door[facing=north,half=lower,hinge=left,open=false,powered=false]',
  );
  const bottom = area.layers!.find((l) => l.y === o.y)!;
  const planks = Object.entries(area.palette).find(([, v]) => v === 'minecraft:oak_planks')![0];
  expect(bottom.rows).toEqual([planks.repeat(3), planks.repeat(3), planks.repeat(3)]);
  const text = (result.content as Array<{ type: string; text?: string }>)[0]!.text!;
  expect(text).toContain('oak_door');
});

test('areas in unloaded chunks are reported unloaded, never as air', async () => {
  const far = { x: o.x + 5000, y: o.y, z: o.z };
  const result = await c.call('get_blocks_in_area', { from: far, to: { ...far, x: far.x + 1 } });
  const area = result.structuredContent as unknown as EncodedArea;
  expect(area.unloaded?.length).toBeGreaterThan(0);
  expect(area.layers![0]!.rows[0]).toBe('??');
});

test('too large an area is a clear error telling how to split it', async () => {
  const result = await c.call('get_blocks_in_area', {
    from: o,
    to: { x: o.x + 99, y: o.y + 99, z: o.z + 9 },
  });
  expect(result.isError).toBe(true);
  expect(JSON.stringify(result.content)).toMatch(/split/);
});

test('render_area returns a PNG image with the service context on every content item', async () => {
  const result = await c.call('render_area', {
    from: o,
    to: { x: o.x + 2, y: o.y + 2, z: o.z + 2 },
    view: 'isometric',
  });
  expect(result.isError).toBeFalsy();
  const image = (
    result.content as Array<{
      type: string;
      data?: string;
      mimeType?: string;
      _meta?: Record<string, unknown>;
    }>
  )[0]!;
  expect(image.type).toBe('image');
  expect(image.mimeType).toBe('image/png');
  const png = PNG.sync.read(Buffer.from(image.data!, 'base64'));
  const structured = result.structuredContent as { width: number; height: number };
  expect([png.width, png.height]).toEqual([structured.width, structured.height]);
  for (const item of result.content)
    expect((item as { _meta?: Record<string, unknown> })._meta?.['mcbridge/service']).toMatchObject({
      tool: 'render_area',
    });
});

test('get_blocks_in_area text names the z of every row and rules the x columns; runs read as lines', async () => {
  const to = { x: o.x + 2, y: o.y + 1, z: o.z + 2 };
  const layers = await c.call('get_blocks_in_area', { from: o, to });
  const text = (layers.content as Array<{ text: string }>)[0]!.text;
  const digits = [0, 1, 2].map((i) => String(Math.abs(o.x + i) % 10)).join('');
  expect(text).toContain(`y=${o.y}   (rows: z ${o.z}…${o.z + 2}, north first; columns: x ${o.x}…${o.x + 2}`);
  expect(text).toMatch(new RegExp(`^ +${digits}   ← last digit of x$`, 'm'));
  for (let dz = 0; dz <= 2; dz++) expect(text).toMatch(new RegExp(`^z=${o.z + dz} +\\S{3}$`, 'm'));

  const runs = await c.call('get_blocks_in_area', { from: o, to, format: 'runs' });
  const runText = (runs.content as Array<{ text: string }>)[0]!.text;
  expect(runText).toContain(`y=${o.y} z=${o.z} x=${o.x}…${o.x + 2}: minecraft:oak_planks`);
  expect(runText).toMatch(
    new RegExp(`^y=${o.y + 1} z=${o.z + 1} x=${o.x + 1}: minecraft:oak_door\\[facing=north,half=lower`, 'm'),
  );
});

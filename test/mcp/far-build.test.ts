/**
 * The embedded world exists wherever the bot goes: through the real MCP Client, the bot teleports 300 and
 * 3,000 blocks, and a build there is applied and verified, reads back (not unloaded), undoes and renders
 * (nothing hatched), because the world streams the chunks around the bot's new position.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Bot } from 'mineflayer';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MineflayerChannel } from '../../src/connection/mineflayer.js';
import type { BatchResult } from '../../src/results/schema.js';
import type { EncodedArea } from '../../src/world-view/encode.js';
import { chunksArrive } from '../helpers/bot.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let bot: Bot;
const textOf = (r: CallToolResult) => r.content.map((x) => (x.type === 'text' ? x.text : '')).join('\n');

beforeAll(async () => {
  c = await startCompanion({ username: 'Traveller' });
  bot = ((await c.target.get()).channel as MineflayerChannel).bot;
});
afterAll(async () => {
  await c?.close();
});

/** the chunks ("x,z") of a box's columns, and one more all round */
function chunksAround(min: { x: number; z: number }, max: { x: number; z: number }): string[] {
  const out: string[] = [];
  for (let x = (min.x >> 4) - 1; x <= (max.x >> 4) + 1; x++)
    for (let z = (min.z >> 4) - 1; z <= (max.z >> 4) + 1; z++) out.push(`${x},${z}`);
  return out;
}

test.each([300, 3000])(
  'after tp ~%i the bot builds there: applied and verified, read back, rendered, undone',
  async (dx) => {
    const start = (await c.target.get()).channel.executorPosition()!;
    const moved = await c.execute([`tp @s ~${dx} ~ ~`]);
    expect(moved.results[0]!.status).toBe('applied');
    const o = { x: Math.floor(start.x) + dx + 2, y: Math.floor(start.y), z: Math.floor(start.z) + 2 };
    const far = { x: o.x + 4, y: o.y + 3, z: o.z + 4 };
    // the world streams the chunks around the bot's new position; the build waits for the ones it touches
    await chunksArrive(bot, chunksAround(o, far));

    const build = await c.execute([
      `fill ${o.x} ${o.y} ${o.z} ${far.x} ${far.y} ${far.z} minecraft:stone_bricks hollow`,
      `setblock ${o.x + 2} ${o.y + 1} ${o.z} minecraft:air`,
    ]);
    expect(build.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(build.results.map((r) => r.verification?.status ?? 'verified')).toEqual(['verified', 'verified']);
    expect(build.undo, JSON.stringify(build.undo)).toEqual({ status: 'recorded' });

    const read = await c.call('get_blocks_in_area', { from: o, to: far });
    const area = read.structuredContent as unknown as EncodedArea;
    expect(area.unloaded ?? []).toEqual([]);
    expect(Object.values(area.palette)).toContain('minecraft:stone_bricks');
    expect(textOf(read)).not.toMatch(/unloaded/);

    const render = await c.call('render_area', { from: o, to: far, view: 'isometric' });
    expect(render.isError).toBeFalsy();
    const drawn = render.structuredContent as { unloaded: number; blocks: Array<{ name: string }> };
    expect(drawn.unloaded).toBe(0);
    expect(drawn.blocks.map((b) => b.name)).toContain('stone_bricks');
    expect(textOf(render)).not.toMatch(/hatched/);
    // and no pixel of the picture has the hatching's magenta (raster.ts UNLOADED_HATCH, shaded per face)
    const image = render.content.find((x) => x.type === 'image') as { data: string };
    const png = PNG.sync.read(Buffer.from(image.data, 'base64'));
    let magenta = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      const [r, g, b] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
      if (r > 100 && Math.abs(r - b) < 8 && g < r * 0.4) magenta++;
    }
    expect(magenta).toBe(0);

    const undo = await c.call('undo_last', {});
    expect(undo.isError).toBeFalsy();
    expect(
      (undo.structuredContent as { undone: Array<{ status: string }> }).undone.map((u) => u.status),
    ).toEqual(['verified']);
    const after = (await c.call('get_blocks_in_area', { from: o, to: far }))
      .structuredContent as unknown as EncodedArea;
    expect(Object.values(after.palette)).not.toContain('minecraft:stone_bricks');
    expect(after.unloaded ?? []).toEqual([]);
    const moves = moved as BatchResult;
    expect(moves.results[0]!.botPosition?.x).toBe(start.x + dx);
  },
);

/**
 * The live 3D viewer in a real browser (Debian's Chromium, software WebGL): the page draws the bot's world,
 * a build appears while it happens, and the page keeps working after the bot reconnects.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mineflayerTarget } from '../../src/connection/factories.js';
import type { MineflayerChannel } from '../../src/connection/mineflayer.js';
import { type BotFeed, followTarget } from '../../src/viewer/bot-feed.js';
import { startViewer, type ViewerHandle } from '../../src/viewer/server.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';
import {
  changedShare,
  gold,
  lapis,
  launchChromium,
  progress,
  screenshot,
  share,
  waitForFirstFrame,
  waitForRedraw,
} from './chromium.js';

let c: TestCompanion;
let feed: BotFeed;
let viewer: ViewerHandle;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  c = await startCompanion({ username: 'Watcher' });
  await c.target.get();
  feed = followTarget(c.target);
  viewer = await startViewer({ feed, viewDistance: 3 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 960, height: 600 } });
  // playwright's own 30 s defaults are a clock, not a bound: a busy machine may need longer
  page.setDefaultTimeout(180_000);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await viewer?.close();
  feed?.close();
  await c?.close();
});

test('the viewer serves on loopback and says which Minecraft version and bot it shows', async () => {
  expect(viewer.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await page.goto(viewer.url);
  const first = await waitForFirstFrame(page);
  expect(first.sections).toBeGreaterThan(0);
  expect(first.status).toMatchObject({ connected: true, server: '1.21.4', shown: '1.21.4' });
  const banner = await page.locator('#mcb').textContent();
  expect(banner).toContain('Minecraft 1.21.4');
  expect(banner).toContain('Watcher');
}, 240_000);

test('a large gold block appears in the page while the build runs, without reloading', async () => {
  await waitForFirstFrame(page);
  const before = await screenshot(page);
  const p0 = await progress(page);
  const result = await c.execute(['fill ~-6 ~ ~-9 ~6 ~8 ~-4 minecraft:gold_block']);
  // a failure shows the whole result: its summary says what the server said, or why nothing was heard
  expect(result.results[0], JSON.stringify(result)).toMatchObject({ status: 'applied' });
  await waitForRedraw(page, p0);
  expect(share(before, gold)).toBeLessThan(0.01);
  // the fill's block updates come per chunk section: a redraw may show part of it, later ones the rest
  await expect
    .poll(async () => share(await screenshot(page), gold), { timeout: 120_000, interval: 500 })
    .toBeGreaterThan(0.03);
  const after = await screenshot(page);
  expect(changedShare(before, after)).toBeGreaterThan(0.03);
  expect((await progress(page)).generation).toBe(p0.generation);
  if (process.env['MCBRIDGE_WRITE_DOCS'] === '1') {
    writeFileSync('docs/viewer.jpg', await page.screenshot({ type: 'jpeg', quality: 80 }));
  }
}, 240_000);

test('after the bot reconnects the page reloads by itself, shows the world again and keeps updating', async () => {
  // the bot may come back somewhere else, from where the gold block would stand in front of the new one
  const cleared = await c.execute(['fill ~-6 ~ ~-9 ~6 ~8 ~-4 minecraft:air']);
  expect(cleared.results[0]!.status).not.toBe('execution_error');
  const old = await progress(page);
  const reloaded = page.waitForEvent('load', { timeout: 120_000 });
  const channel = (await c.target.get()).channel as MineflayerChannel;
  channel.bot._client.end('test: connection dropped');
  await reloaded;
  const again = await waitForFirstFrame(page);
  expect(again.generation).toBeGreaterThan(old.generation!);
  expect(again.status?.connected).toBe(true);
  const before = await screenshot(page);
  const p0 = await progress(page);
  const result = await c.execute(['fill ~-6 ~ ~-9 ~6 ~8 ~-4 minecraft:lapis_block']);
  expect(result.results[0], JSON.stringify(result)).toMatchObject({ status: 'applied' });
  await waitForRedraw(page, p0);
  expect(share(before, lapis)).toBeLessThan(0.01);
  // the fill's block updates come per chunk section: a redraw may show part of it, later ones the rest
  await expect
    .poll(async () => share(await screenshot(page), lapis), { timeout: 120_000, interval: 500 })
    .toBeGreaterThan(0.03);
}, 240_000);

test('a page opened before any bot joined shows that, then the world once the bot arrives', async () => {
  const late = mineflayerTarget({
    host: c.world.host,
    port: c.world.port,
    username: 'Late',
    version: c.world.version,
  });
  const lateFeed = followTarget(late);
  const lateViewer = await startViewer({ feed: lateFeed, viewDistance: 2 });
  const latePage = await browser.newPage({ viewport: { width: 640, height: 400 } });
  latePage.setDefaultTimeout(180_000);
  try {
    await latePage.goto(lateViewer.url);
    await latePage.waitForFunction(() => {
      const state = (globalThis as unknown as { mcbridgeViewer?: { status: { reason?: string } | null } })
        .mcbridgeViewer;
      return state?.status?.reason === 'not connected yet';
    });
    const reloaded = latePage.waitForEvent('load', { timeout: 120_000 });
    await late.get();
    await reloaded;
    const first = await waitForFirstFrame(latePage);
    expect(first.status).toMatchObject({ connected: true, server: '1.21.4' });
    expect(first.sections).toBeGreaterThan(0);
  } finally {
    await latePage.close();
    await lateViewer.close();
    lateFeed.close();
    await late.close();
  }
}, 240_000);

/**
 * The live 3D viewer in a real browser (Debian's Chromium, software WebGL): the page draws the bot's world,
 * a build appears while it happens, and the page keeps working after the bot reconnects.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
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

/**
 * What each test (and the set-up) may take before it counts as hung: above the sum of the waits inside it
 * (page loads, a reload, first frames: up to 180 s each), which on a machine whose cores are all busy are
 * slow but finish — software WebGL draws at a fraction of its idle speed there.
 */
const HANG_BOUND = 900_000;

let c: TestCompanion;
let feed: BotFeed;
let viewer: ViewerHandle;
let browser: Browser;
let page: Page;
// what the page asked for and did not get, and what it logged, over the whole file (reloads included)
const notFound: string[] = [];
const consoleLines: string[] = [];

beforeAll(async () => {
  c = await startCompanion({ username: 'Watcher' });
  await c.target.get();
  feed = followTarget(c.target);
  viewer = await startViewer({ feed, viewDistance: 3 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 960, height: 600 } });
  // playwright's own 30 s defaults are a clock, not a bound: a busy machine may need longer
  page.setDefaultTimeout(180_000);
  page.on('response', (r) => {
    if (r.status() === 404) notFound.push(r.url());
  });
  page.on('console', (m) => consoleLines.push(m.text()));
}, HANG_BOUND);

afterAll(async () => {
  await browser?.close();
  await viewer?.close();
  feed?.close();
  await c?.close();
});

test(
  'the viewer serves on loopback and says which Minecraft version and bot it shows',
  async () => {
    expect(viewer.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await page.goto(viewer.url);
    const first = await waitForFirstFrame(page);
    expect(first.sections).toBeGreaterThan(0);
    expect(first.status).toMatchObject({ connected: true, server: '1.21.4', shown: '1.21.4' });
    const banner = await page.locator('#mcb').textContent();
    expect(banner).toContain('Minecraft 1.21.4');
    expect(banner).toContain('Watcher');
  },
  HANG_BOUND,
);

test('the page names its icon inline and nothing it asks for is missing (no favicon.ico 404)', async () => {
  await waitForFirstFrame(page);
  interface Doc {
    querySelector(s: string): { getAttribute(name: string): string | null } | null;
  }
  const href = await page.evaluate(() =>
    (globalThis as unknown as { document: Doc }).document
      .querySelector('link[rel=icon]')
      ?.getAttribute('href'),
  );
  expect(href).toMatch(/^data:image\/svg\+xml,/);
  // a browser that asks for /favicon.ico anyway (a bookmark, an old one) gets no 404 either
  const icon = await fetch(new URL('favicon.ico', viewer.url));
  expect(icon.status).not.toBe(404);
  expect(notFound).toEqual([]);
});

test(
  'the flat ground shows no seams: no sky through the edges between blocks',
  async () => {
    // every column within the view distance (3: 5×5 columns) on the page, meshed and drawn
    await page.waitForFunction(
      () =>
        Object.keys(
          (globalThis as unknown as { __pv: { viewer: { world: { loadedChunks: object } } } }).__pv.viewer
            .world.loadedChunks,
        ).length >= 25,
      undefined,
      { timeout: 180_000, polling: 100 },
    );
    await waitForRedraw(page, { ...(await progress(page)), updates: -1 });
    // the page's first aim: 20 blocks above and behind the bot, looking down at it over flat ground, which fills
    // the lower part of the picture; the sky (three.js's lightblue) showed there in dashed lines along rows of
    // blocks, where a pixel sampled the atlas just past the grass tile, on a transparent texel
    const sky = (r: number, g: number, b: number) =>
      Math.abs(r - 173) < 8 && Math.abs(g - 216) < 8 && Math.abs(b - 230) < 8;
    const skyBelow = async () => {
      const png = await screenshot(page);
      const lower = new PNG({ width: png.width, height: Math.floor(png.height * 0.4) });
      PNG.bitblt(png, lower, 0, png.height - lower.height, png.width, lower.height, 0, 0);
      return share(lower, sky);
    };
    // a column that arrives (or is re-sent) after the wait above leaves a hole until it is meshed: the picture is
    // taken again until the ground is whole; seams never go away, so they still fail here, with the last share
    await expect.poll(skyBelow, { timeout: 120_000, interval: 250 }).toBe(0);
  },
  HANG_BOUND,
);

test(
  'a large gold block appears in the page while the build runs, without reloading',
  async () => {
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
  },
  HANG_BOUND,
);

test(
  'after the bot reconnects the page reloads by itself, shows the world again and keeps updating',
  async () => {
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
  },
  HANG_BOUND,
);

test(
  'a page opened before any bot joined shows that, then the world once the bot arrives',
  async () => {
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
  },
  HANG_BOUND,
);

interface Point {
  x: number;
  y: number;
  z: number;
}
interface FollowState {
  bot: Point | null;
  target: Point | null;
  camera: Point | null;
  position: string | null;
}
const follow = (p: Page): Promise<FollowState> =>
  p.evaluate(() => {
    const s = (globalThis as unknown as { mcbridgeViewer: FollowState }).mcbridgeViewer;
    return { bot: s.bot, target: s.target, camera: s.camera, position: s.position };
  });
const minus = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const near = (a: Point | null, b: Point, within = 0.01): boolean =>
  a !== null && Math.abs(a.x - b.x) < within && Math.abs(a.y - b.y) < within && Math.abs(a.z - b.z) < within;

test(
  'the camera follows the bot when it teleports, keeping the orbit the user chose, and the banner says where it is now',
  async () => {
    await waitForFirstFrame(page);
    const bot = ((await c.target.get()).channel as MineflayerChannel).bot;
    const home = bot.entity.position.floored();
    // the user orbits: the camera moves around the target (what a drag does)
    const orbit = { x: 12, y: 9, z: -7 };
    await page.evaluate((o) => {
      const pv = (
        globalThis as unknown as {
          __pv: {
            controls: { target: Point };
            viewer: { camera: { position: { set(...v: number[]): void } } };
          };
        }
      ).__pv;
      const t = pv.controls.target;
      pv.viewer.camera.position.set(t.x + o.x, t.y + o.y, t.z + o.z);
    }, orbit);
    const before = await follow(page);
    expect(before.bot, "the page heard the bot's position").not.toBeNull();
    const aim = minus(before.target!, before.bot!);

    for (const to of [
      { x: home.x + 21, y: home.y, z: home.z + 6 },
      { x: home.x, y: home.y, z: home.z },
    ]) {
      const result = await c.execute([`tp ${to.x + 0.5} ${to.y} ${to.z + 0.5}`]);
      expect(result.results[0]).toMatchObject({ status: 'applied' });
      const there = { x: to.x + 0.5, y: to.y, z: to.z + 0.5 };
      const aimed = { x: there.x + aim.x, y: there.y + aim.y, z: there.z + aim.z };
      // the page copies the target and camera once a frame, after the bot's position came: a busy machine's
      // slow frame shows the new bot beside the old target for a while (the test read them in between)
      await expect
        .poll(() => follow(page), {
          timeout: 120_000,
          interval: 100,
          message: `the page's bot position (window.mcbridgeViewer.bot) to reach ${to.x} ${to.y} ${to.z}, and its copy of the orbit target to follow`,
        })
        .toSatisfy((s: FollowState) => near(s.bot, there) && near(s.target, aimed));
      const after = await follow(page);
      // the orbit target moved with the bot, and the camera with it: the user's orbit is kept
      expect(near(after.target, aimed), JSON.stringify(after)).toBe(true);
      expect(near(minus(after.camera!, after.target!), orbit, 0.05), JSON.stringify(after)).toBe(true);
      expect(after.position).toBe(`${to.x} ${to.y} ${to.z}`);
      expect(await page.locator('#mcb').textContent()).toContain(`at ${to.x} ${to.y} ${to.z}`);
    }
  },
  HANG_BOUND,
);

interface LiveCamera {
  bot: Point | null;
  target: Point;
  camera: Point;
  following: boolean;
}
/** The orbit target and camera as three.js holds them now (not the copies the page takes once a frame). */
const liveCamera = (p: Page): Promise<LiveCamera> =>
  p.evaluate(() => {
    const g = globalThis as unknown as {
      mcbridgeViewer: { bot: Point | null; following: boolean };
      __pv: { controls: { target: Point }; viewer: { camera: { position: Point } } };
    };
    const copy = ({ x, y, z }: Point): Point => ({ x, y, z });
    return {
      bot: g.mcbridgeViewer.bot,
      target: copy(g.__pv.controls.target),
      camera: copy(g.__pv.viewer.camera.position),
      following: g.mcbridgeViewer.following,
    };
  });

test(
  'with "Follow bot" off the camera stays where the user put it while the bot moves; on again, it goes back to the bot and follows',
  async () => {
    await waitForFirstFrame(page);
    const bot = ((await c.target.get()).channel as MineflayerChannel).bot;
    const home = bot.entity.position.floored();
    // a checkbox of its own beside the banner, reached from the keyboard (focus, then Space)
    const toggle = page.getByRole('checkbox', { name: 'Follow bot' });
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.isChecked()).toBe(true);
    await toggle.focus();
    await page.keyboard.press('Space');
    expect(await toggle.isChecked()).toBe(false);
    const still = await liveCamera(page);
    expect(still.following).toBe(false);

    const away = { x: home.x - 17, y: home.y, z: home.z + 11 };
    const moved = await c.execute([`tp ${away.x + 0.5} ${away.y} ${away.z + 0.5}`]);
    expect(moved.results[0]).toMatchObject({ status: 'applied' });
    const there = { x: away.x + 0.5, y: away.y, z: away.z + 0.5 };
    await expect
      .poll(() => liveCamera(page), {
        timeout: 120_000,
        interval: 100,
        message: `the page's bot position (window.mcbridgeViewer.bot) to reach ${away.x} ${away.y} ${away.z}`,
      })
      .toSatisfy((s: LiveCamera) => near(s.bot, there));
    const stayed = await liveCamera(page);
    expect(stayed.target, 'the orbit target stayed where it was').toEqual(still.target);
    expect(stayed.camera, 'the camera stayed where it was').toEqual(still.camera);
    // the banner was rebuilt with the new position; the toggle, outside it, is still there and still off
    expect(await page.locator('#mcb').textContent()).toContain(`at ${away.x} ${away.y} ${away.z}`);
    expect(await toggle.isChecked()).toBe(false);

    await page.keyboard.press('Space');
    expect(await toggle.isChecked()).toBe(true);
    const back = await liveCamera(page);
    expect(back.following).toBe(true);
    expect(near(back.target, there), JSON.stringify(back)).toBe(true);
    // the user's orbit (where the camera is around its target) is kept
    expect(near(minus(back.camera, back.target), minus(still.camera, still.target), 0.05)).toBe(true);

    // following again: the next move takes the camera along
    const result = await c.execute([`tp ${home.x + 0.5} ${home.y} ${home.z + 0.5}`]);
    expect(result.results[0]).toMatchObject({ status: 'applied' });
    const homeAt = { x: home.x + 0.5, y: home.y, z: home.z + 0.5 };
    await expect
      .poll(() => liveCamera(page), {
        timeout: 120_000,
        interval: 100,
        message: `the orbit target to follow the bot back to ${home.x} ${home.y} ${home.z}`,
      })
      .toSatisfy((s: LiveCamera) => near(s.bot, homeAt) && near(s.target, homeAt));
  },
  HANG_BOUND,
);

test(
  'another player shows as a player with its name tag, not as an unknown entity',
  async () => {
    await waitForFirstFrame(page);
    const visitor = mineflayerTarget({
      host: c.world.host,
      port: c.world.port,
      username: 'Visitor',
      version: c.world.version,
    });
    try {
      await visitor.get();
      await page.waitForFunction(
        () =>
          Object.keys(
            (globalThis as unknown as { __pv: { viewer: { entities: { entities: object } } } }).__pv.viewer
              .entities.entities,
          ).length > 0,
        undefined,
        { timeout: 120_000, polling: 100 },
      );
      const shown = await page.evaluate(() => {
        interface Obj {
          type: string;
          children: Obj[];
          material?: { color?: { getHex(): number } };
        }
        const all = (
          globalThis as unknown as { __pv: { viewer: { entities: { entities: Record<string, Obj> } } } }
        ).__pv.viewer.entities.entities;
        return Object.values(all).map((o) => ({
          magentaBox: o.type === 'Mesh' && o.material?.color?.getHex() === 0xff00ff,
          nameTag: o.children.some((k) => k.type === 'Sprite'),
        }));
      });
      expect(shown).toEqual([{ magentaBox: false, nameTag: true }]);
      expect(consoleLines.filter((l) => l.includes('Unknown entity'))).toEqual([]);
    } finally {
      await visitor.close();
    }
  },
  HANG_BOUND,
);

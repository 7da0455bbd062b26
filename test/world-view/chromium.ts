/**
 * Debian's Chromium, driven by playwright-core, with software WebGL (SwiftShader) so the viewer renders on
 * machines without a GPU. A missing browser is a failure that says how to install it, never a skip.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { PNG } from 'pngjs';

export const CHROMIUM_PATH = process.env['MCBRIDGE_CHROMIUM'] ?? '/usr/bin/chromium';

// the browser's own stderr (GPU process crashes, lost WebGL contexts), kept for the message of a failing test
const browserLines: string[] = [];

/** The last lines Chromium printed about its GPU, WebGL or a crash, for a failing test's message. */
export function browserLog(): string {
  return browserLines.filter((l) => /gpu|gl|context|crash|swiftshader|angle/i.test(l)).join('\n') || '(none)';
}

/** The gold and lapis blocks the browser tests build (not the sky, #87a9d8, nor the scene's light blue). */
export const gold = (r: number, g: number, b: number) => r > 170 && g > 130 && b < 90 && r - b > 110;
export const lapis = (r: number, g: number, b: number) => b > 110 && r < 100 && b - r > 60 && b - g > 20;

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}; the viewer's browser tests need it: apt-get update && apt-get install -y chromium (or set MCBRIDGE_CHROMIUM)`,
    );
  }
  // playwright gives every launch a new empty profile directory of its own
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    logger: {
      isEnabled: (name) => name === 'browser',
      log: (_name, _severity, message) => {
        browserLines.push(String(message));
        if (browserLines.length > 200) browserLines.shift();
      },
    },
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      // software WebGL on a loaded machine can take long enough for the GPU watchdog to kill the GPU
      // process; after a few such crashes Chromium would give up on WebGL and leave every canvas blank
      '--disable-gpu-watchdog',
      '--disable-gpu-process-crash-limit',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface ViewerProgress {
  status: { generation: number; connected: boolean; server?: string; shown?: string } | null;
  generation: number | null;
  sections: number;
  updates: number;
  frames: number;
  idle: boolean;
  firstFrameMs: number | null;
}

export const progress = (page: Page): Promise<ViewerProgress> =>
  page.evaluate(() => (globalThis as unknown as { mcbridgeViewer: ViewerProgress }).mcbridgeViewer);

/** Waits for the first frame with the world's chunks meshed and drawn. */
export async function waitForFirstFrame(page: Page, timeout = 180_000): Promise<ViewerProgress> {
  await page.waitForFunction(
    () => (globalThis as unknown as { mcbridgeViewer?: ViewerProgress }).mcbridgeViewer?.firstFrameMs != null,
    undefined,
    { timeout, polling: 100 },
  );
  return progress(page);
}

/** Waits until chunk sections were re-meshed after `before`, nothing is pending, and two frames were drawn. */
export async function waitForRedraw(page: Page, before: ViewerProgress, timeout = 120_000): Promise<void> {
  await page.waitForFunction(
    (b) => {
      const s = (globalThis as unknown as { mcbridgeViewer: ViewerProgress }).mcbridgeViewer;
      if (s.updates <= b.updates || !s.idle) return false;
      const w = globalThis as unknown as { __mark?: number };
      w.__mark ??= s.frames;
      return s.frames >= w.__mark + 2;
    },
    before,
    { timeout, polling: 'raf' },
  );
  await page.evaluate(() => delete (globalThis as unknown as { __mark?: number }).__mark);
}

export async function screenshot(page: Page): Promise<PNG> {
  return PNG.sync.read(await page.screenshot({ type: 'png' }));
}

/** Share of pixels whose colour differs by more than `threshold` in any channel. */
export function changedShare(a: PNG, b: PNG, threshold = 24): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let changed = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i]! - b.data[i]!) > threshold ||
      Math.abs(a.data[i + 1]! - b.data[i + 1]!) > threshold ||
      Math.abs(a.data[i + 2]! - b.data[i + 2]!) > threshold
    ) {
      changed++;
    }
  }
  return changed / (a.width * a.height);
}

/** Share of pixels matching `test` (e.g. the yellow of gold blocks). */
export function share(png: PNG, test: (r: number, g: number, b: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4)
    if (test(png.data[i]!, png.data[i + 1]!, png.data[i + 2]!)) n++;
  return n / (png.width * png.height);
}

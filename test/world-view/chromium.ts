/**
 * The browser of the viewer and View tests (and the bench), driven by playwright-core, with software WebGL
 * (SwiftShader) so pages render on machines without a GPU.
 *
 * Which browser (`MCBRIDGE_BROWSER`): `auto` (the default) takes a system Chromium or Chrome when there is one
 * (`MCBRIDGE_CHROMIUM`, else /usr/bin/chromium, else /usr/bin/google-chrome), and otherwise the Chromium that
 * the dev dependency @sparticuz/chromium ships inside its npm package; `bundled` always takes that one (how a
 * machine without Debian's chromium is simulated); `system` only a system browser. A missing browser is a
 * failure that says how to get one, never a skip.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Browser, chromium, type Page } from 'playwright-core';
import { PNG } from 'pngjs';

const require = createRequire(import.meta.url);

export const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/google-chrome'];

// the browser's own stderr (GPU process crashes, lost WebGL contexts), kept for the message of a failing test
const browserLines: string[] = [];

/** The last lines Chromium printed about its GPU, WebGL or a crash, for a failing test's message. */
export function browserLog(): string {
  return browserLines.filter((l) => /gpu|gl|context|crash|swiftshader|angle/i.test(l)).join('\n') || '(none)';
}

/** The gold and lapis blocks the browser tests build (not the sky, #87a9d8, nor the scene's light blue). */
export const gold = (r: number, g: number, b: number) => r > 170 && g > 130 && b < 90 && r - b > 110;
export const lapis = (r: number, g: number, b: number) => b > 110 && r < 100 && b - r > 60 && b - g > 20;

export interface BrowserChoice {
  kind: 'system' | 'bundled';
  executablePath: string;
  /** extra environment for the browser (the bundled one brings its own fontconfig) */
  env: Record<string, string>;
}

// its exports name no package.json: read it beside the entry point (build/index.js)
const BUNDLED_VERSION = (
  JSON.parse(
    readFileSync(join(dirname(require.resolve('@sparticuz/chromium')), '..', 'package.json'), 'utf8'),
  ) as { version: string }
).version;

/**
 * The bundled Chromium, unpacked once per machine into a folder of its own under the temporary folder.
 * @sparticuz/chromium unpacks into `os.tmpdir()` and takes whatever `chromium` it finds there, even one half
 * written by a parallel process; so it runs in a child process whose TMPDIR is a fresh folder, which is then
 * renamed into place in one step (a parallel test file that loses the race uses the winner's copy).
 */
async function bundledChromium(): Promise<BrowserChoice> {
  const dir = join(tmpdir(), `mcbridge-chromium-${BUNDLED_VERSION}`);
  const choice = (): BrowserChoice => ({
    kind: 'bundled',
    executablePath: join(dir, 'chromium'),
    env: { FONTCONFIG_PATH: join(dir, 'fonts') },
  });
  if (existsSync(join(dir, 'chromium'))) return choice();
  const staging = mkdtempSync(`${dir}.part-`);
  try {
    const unpack =
      "import('@sparticuz/chromium').then((m) => m.default.executablePath()).then((p) => process.stdout.write(p))";
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', unpack], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...process.env, TMPDIR: staging },
    });
    if (stdout !== join(staging, 'chromium')) {
      throw new Error(`@sparticuz/chromium unpacked to ${stdout}, not into ${staging}`);
    }
    try {
      renameSync(staging, dir);
    } catch (err) {
      // another process renamed its copy first: use that one
      if (!existsSync(join(dir, 'chromium'))) throw err;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return choice();
}

/** The browser `MCBRIDGE_BROWSER` asks for (see the top of this file). */
export async function findBrowser(env: NodeJS.ProcessEnv = process.env): Promise<BrowserChoice> {
  const want = env['MCBRIDGE_BROWSER'] || 'auto';
  if (!['auto', 'system', 'bundled'].includes(want)) {
    throw new Error(`MCBRIDGE_BROWSER=${want}: use auto, system or bundled`);
  }
  if (want !== 'bundled') {
    const candidates = env['MCBRIDGE_CHROMIUM'] ? [env['MCBRIDGE_CHROMIUM']] : SYSTEM_BROWSERS;
    const found = candidates.find((path) => existsSync(path));
    if (found) return { kind: 'system', executablePath: found, env: {} };
    if (want === 'system') {
      throw new Error(
        `MCBRIDGE_BROWSER=system but no browser at ${candidates.join(' or ')}: apt-get install -y chromium, or MCBRIDGE_BROWSER=bundled for the one @sparticuz/chromium ships`,
      );
    }
  }
  try {
    return await bundledChromium();
  } catch (err) {
    throw new Error(
      `no browser for the viewer's tests: none at ${SYSTEM_BROWSERS.join(' or ')}, and the bundled one (the dev dependency @sparticuz/chromium: npm install) did not unpack: ${String(err)}`,
      { cause: err },
    );
  }
}

export async function launchChromium(): Promise<Browser> {
  const browser = await findBrowser();
  // playwright gives every launch a new empty profile directory of its own
  return chromium.launch({
    executablePath: browser.executablePath,
    headless: true,
    env: { ...process.env, ...browser.env },
    logger: {
      isEnabled: (name) => name === 'browser',
      log: (_name, _severity, message) => {
        browserLines.push(String(message));
        if (browserLines.length > 200) browserLines.shift();
      },
    },
    args: [
      '--no-sandbox',
      '--use-gl=angle',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--ignore-gpu-blocklist',
      // software WebGL on a loaded machine can take long enough for the GPU watchdog to kill the GPU
      // process; after a few such crashes Chromium would give up on WebGL and leave every canvas blank
      '--disable-gpu-watchdog',
      '--disable-gpu-process-crash-limit',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // the bundled build is a headless shell made for hosts without a sandbox: it runs without a zygote
      ...(browser.kind === 'bundled' ? ['--no-zygote'] : []),
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
  try {
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { mcbridgeViewer?: ViewerProgress }).mcbridgeViewer?.firstFrameMs != null,
      undefined,
      { timeout, polling: 100 },
    );
  } catch (err) {
    // say where the page got to: no state at all (scripts not run), no bot, or chunks that never meshed
    const state = await page
      .evaluate(() => (globalThis as unknown as { mcbridgeViewer?: unknown }).mcbridgeViewer ?? null)
      .catch((e: unknown) => `unreadable: ${String(e)}`);
    throw new Error(`no first frame within ${timeout} ms; the page's state: ${JSON.stringify(state)}`, {
      cause: err,
    });
  }
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

/**
 * Microsoft sign-in and Realms code (prismarine-auth with @azure/msal-node, prismarine-realms) loads only
 * when used: the bot's channel module leaves it out, and the names minecraft-protocol takes from it still
 * work — they load the real modules the first time they are used. Each case runs in a fresh Node process,
 * since the module cache is per process.
 */
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `body` as an ES module in a fresh process (with tsx, from the repository's root); returns its JSON. */
function inFreshProcess(body: string): Promise<Record<string, unknown>> {
  const source = `import { createRequire } from 'node:module';
const require = createRequire(${JSON.stringify(root + '/package.json')});
const signInFiles = () => Object.keys(require.cache).filter((k) => k.includes('@azure/msal-node')).length;
${body}`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', source],
      { cwd: root },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`${err.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as Record<string, unknown>);
      },
    );
  });
}

test('mineflayer on its own loads Microsoft sign-in (what the deferral saves)', async () => {
  const out = await inFreshProcess(`await import('mineflayer');
console.log(JSON.stringify({ signInFiles: signInFiles() }));`);
  expect(out['signInFiles']).toBeGreaterThan(0);
});

test("the bot's channel module loads mineflayer without Microsoft sign-in", async () => {
  const out = await inFreshProcess(`await import('./src/connection/mineflayer.ts');
const mineflayer = (await import('mineflayer')).default;
console.log(JSON.stringify({ createBot: typeof mineflayer.createBot, signInFiles: signInFiles() }));`);
  expect(out).toEqual({ createBot: 'function', signInFiles: 0 });
});

test('a name taken from a deferred module loads the real module when used: Authflow, Titles, RealmAPI', async () => {
  const out = await inFreshProcess(`await import('./src/connection/mineflayer.ts');
const auth = require('prismarine-auth');
const { Authflow, Titles } = auth;
const { RealmAPI } = require('prismarine-realms');
const before = signInFiles();
const title = Titles.MinecraftNintendoSwitch;
const flow = new Authflow('someone', ${JSON.stringify(join(tmpdir(), 'mcbridge-deferred-sign-in'))}, { authTitle: title, flow: 'live', deviceType: 'Nintendo' }, () => {});
const real = require('prismarine-auth');
console.log(JSON.stringify({
  before,
  after: signInFiles(),
  title,
  realTitle: real.Titles.MinecraftNintendoSwitch,
  realModuleNow: real !== auth,
  flowIsReal: flow instanceof real.Authflow,
  getToken: typeof flow.getMinecraftJavaToken,
  realmsFrom: typeof RealmAPI.from,
}));`);
  expect(out).toMatchObject({ before: 0, realModuleNow: true, flowIsReal: true, getToken: 'function' });
  expect(out['after']).toBeGreaterThan(0);
  expect(out['title']).toBe(out['realTitle']);
  expect(out['title']).toMatch(/^[0-9a-f]{16}$/);
  expect(out['realmsFrom']).toBe('function');
});

/**
 * Microsoft sign-in and Realms code (prismarine-auth with @azure/msal-node, prismarine-realms) loads only
 * when used: the bot's channel module leaves it out, and the names minecraft-protocol takes from it still
 * work — they load the real modules the first time they are used. Each case runs in a fresh Node process,
 * since the module cache is per process.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { inFreshProcess } from '../helpers/fresh-process.js';

test('mineflayer on its own loads Microsoft sign-in (what the deferral saves)', async () => {
  const out = await inFreshProcess(`await import('mineflayer');
report({ signInFiles: loaded('@azure/msal-node') });`);
  expect(out['signInFiles']).toBeGreaterThan(0);
});

// every module of ours that imports mineflayer, each loaded first and alone
test.each(['mineflayer.ts', 'server-version.ts', 'protocol-overlay.ts'])(
  'src/connection/%s loads mineflayer without Microsoft sign-in',
  async (module) => {
    const out = await inFreshProcess(`await import('./src/connection/${module}');
const mineflayer = (await import('mineflayer')).default;
report({ createBot: typeof mineflayer.createBot, signInFiles: loaded('@azure/msal-node') });`);
    expect(out).toEqual({ createBot: 'function', signInFiles: 0 });
  },
);

test('a name taken from a deferred module loads the real module when used: Authflow, Titles, RealmAPI', async () => {
  const out = await inFreshProcess(`await import('./src/connection/mineflayer.ts');
const auth = require('prismarine-auth');
const { Authflow, Titles } = auth;
const { RealmAPI } = require('prismarine-realms');
const before = loaded('@azure/msal-node');
const title = Titles.MinecraftNintendoSwitch;
const flow = new Authflow('someone', ${JSON.stringify(join(tmpdir(), 'mcbridge-deferred-sign-in'))}, { authTitle: title, flow: 'live', deviceType: 'Nintendo' }, () => {});
const real = require('prismarine-auth');
report({
  before,
  after: loaded('@azure/msal-node'),
  title,
  realTitle: real.Titles.MinecraftNintendoSwitch,
  realModuleNow: real !== auth,
  flowIsReal: flow instanceof real.Authflow,
  getToken: typeof flow.getMinecraftJavaToken,
  realmsFrom: typeof RealmAPI.from,
});`);
  expect(out).toMatchObject({ before: 0, realModuleNow: true, flowIsReal: true, getToken: 'function' });
  expect(out['after']).toBeGreaterThan(0);
  expect(out['title']).toBe(out['realTitle']);
  expect(out['title']).toMatch(/^[0-9a-f]{16}$/);
  expect(out['realmsFrom']).toBe('function');
});

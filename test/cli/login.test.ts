/**
 * `mcbridge logout` and the argument checks of `mcbridge login`, through the built CLI. The sign-in itself
 * needs Microsoft's service, which cannot be reached here: it is covered by test/signin with a driven flow.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { TokenStore } from '../../src/signin/token-cache.js';

const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const run = (args: string[], env: Record<string, string>) =>
  promisify(execFile)(process.execPath, [cli, ...args], { env: { ...process.env, ...env } }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

test('logout removes exactly the tokens of that account and says so on stderr', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'mcbridge-auth-')), 'auth');
  const store = new TokenStore(dir);
  const cache = store.cacheFactory();
  await cache({ cacheName: 'live', username: 'me@example.com' }).setCached({ token: 'a' });
  await cache({ cacheName: 'mca', username: 'me@example.com' }).setCached({ token: 'b' });
  await cache({ cacheName: 'live', username: 'other@example.com' }).setCached({ token: 'c' });

  const out = await run(['logout', '--username', 'me@example.com'], { MCBRIDGE_AUTH_DIR: dir });
  expect(out.code).toBe(0);
  expect(out.stdout).toBe('');
  expect(out.stderr).toContain('Signed out "me@example.com": removed 2 token file(s)');
  expect(store.files('me@example.com')).toEqual([]);
  expect(store.files('other@example.com')).toHaveLength(1);

  const again = await run(['logout', '--username', 'me@example.com'], { MCBRIDGE_AUTH_DIR: dir });
  expect(again.stderr).toContain('was not signed in');
});

test('login --connection names what is wrong in one line', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcbridge-login-'));
  const config = join(dir, 'mcbridge.json');
  writeFileSync(
    config,
    JSON.stringify({
      connections: { local: { backend: 'mineflayer', auth: 'offline' }, sandbox: { backend: 'embedded' } },
    }),
  );
  const offline = await run(['login', '--config', config, '--connection', 'local'], {
    MCBRIDGE_AUTH_DIR: dir,
  });
  expect(offline.code).toBe(1);
  expect(offline.stderr.trim().split('\n')).toHaveLength(1);
  expect(offline.stderr).toContain(
    'connection "local" does not sign in to Microsoft: set "auth": "microsoft"',
  );
  const unknown = await run(['login', '--config', config, '--connection', 'nope'], {
    MCBRIDGE_AUTH_DIR: dir,
  });
  expect(unknown.stderr).toContain(
    'no connection named "nope" in the config file: use one of: local, sandbox',
  );
});

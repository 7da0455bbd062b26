/**
 * A host that closes `mcbridge serve --embedded` while it is still starting (a chat client opened and closed
 * at once) must not leave the embedded world running on its own: the world's process ends with its parent.
 * Reads the process tree from /proc (Linux, as the machines that run this suite).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { until } from '../helpers/wait.js';

const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('serve closed while its embedded world is still loading: the world process ends too', async () => {
  // test/global-setup.ts built dist from today's sources
  expect(existsSync(cli)).toBe(true);
  const serve = spawn(process.execPath, [cli, 'serve', '--embedded', '--username', 'Closed'], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  let world: number | undefined;
  try {
    // the moment serve has forked its world, which is then still loading its modules
    await until('serve to fork its world', () => (world = childrenOf(serve.pid!)[0]) !== undefined, 120_000);
    serve.kill();
    await once(serve, 'exit');
    await until(`the world process ${world} to end after serve`, () => !alive(world!), 120_000);
  } finally {
    if (serve.exitCode === null) serve.kill('SIGKILL');
    if (world && alive(world)) process.kill(world, 'SIGKILL');
  }
}, 300_000);

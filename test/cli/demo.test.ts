/**
 * `mcbridge demo` as a person runs it: the built CLI's own action, in a child process that looks, once the
 * demo has printed its last line, at what is still keeping it alive. A timer left behind kept the process
 * running for 2 s after it was done; a batch line said "verified 0" under "every command applied and verified".
 * With MCBRIDGE_WRITE_DOCS=1 its picture becomes the README's, docs/room.png.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const program = pathToFileURL(fileURLToPath(new URL('../../dist/cli/program.js', import.meta.url))).href;

test('demo: counts the verified writes, and nothing keeps the process alive once it is done', async () => {
  const out =
    process.env['MCBRIDGE_WRITE_DOCS'] === '1'
      ? fileURLToPath(new URL('../../docs/room.png', import.meta.url))
      : join(mkdtempSync(join(tmpdir(), 'mcbridge-demo-cli-')), 'room.png');
  const script = `
    const { buildProgram } = await import(${JSON.stringify(program)});
    await buildProgram().parseAsync(['demo', '--out', ${JSON.stringify(out)}], { from: 'user' });
    // what would keep the event loop running now: timers, sockets, servers. Pipes are this process's stdio
    // and the stopped world's, which has exited (its handle and pipes close as their ends are read).
    const left = process.getActiveResourcesInfo().filter((r) => r !== 'ProcessWrap' && r !== 'PipeWrap');
    process.stderr.write('still active: ' + JSON.stringify(left) + '\\n');`;
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script],
    { env: { ...process.env, MCBRIDGE_LOG_LEVEL: 'warn' } },
  );
  expect(stdout).toContain('every command applied and verified');
  const batches = [...stdout.matchAll(/^ {4}(\d+) applied; verified (\d+), mismatched (\d+)$/gm)];
  expect(batches.length).toBeGreaterThanOrEqual(4);
  for (const [, applied, verified, mismatched] of batches) {
    expect(verified).toBe(applied);
    expect(mismatched).toBe('0');
  }
  expect(stdout).toMatch(/^ {2}time: \d+\.\d s$/m);
  expect(stderr).toContain('still active: []');
  expect(statSync(out).size).toBeGreaterThan(0);
}, 120_000);

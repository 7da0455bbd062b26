/**
 * The readers' hidden class outlives serve's collection between calls (src/commands/reader.ts,
 * READER_KEPT_FOR_ITS_CLASS). A Node process of its own parses a batch's worth of commands, runs a full
 * collection while it holds no reader of its own, as serve does between calls, and parses again, with V8's
 * traces of optimisation and deoptimisation on. The Reader's methods are optimised, and none is deoptimised for
 * a dropped class ("embedded weak objects cleared"). Without the kept reader, Node 24's V8 drops the class
 * here; Node 20's keeps it either way.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { Reader } from '../../src/commands/reader.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const parse = `${root}dist/commands/parse.js`;

test("a full collection between batches leaves the Reader's compiled methods in place", () => {
  // test/global-setup.ts built dist from today's sources
  expect(existsSync(parse)).toBe(true);
  const script = `
    import { parseCommand } from ${JSON.stringify(parse)};
    const batch = (salt) => Array.from({ length: 1000 }, (_, i) => {
      const [x, y, z] = [i % 16, 64 + ((i >> 4) % 8), i % 7];
      return [
        'setblock ' + x + ' ' + y + ' ' + z + ' minecraft:' + (salt % 2 ? 'stone' : 'oak_planks'),
        'fill ' + x + ' ' + y + ' ' + z + ' ' + (x + 1) + ' ' + y + ' ' + (z + 1) + ' minecraft:glass',
        'setblock ' + x + ' ' + y + ' ' + z + ' minecraft:not_a_block',
        'setblock ' + x + ' ' + y,
      ][i % 4];
    });
    for (let call = 0; call < 12; call++) {
      for (const command of batch(call)) parseCommand(command);
      globalThis.gc();
    }
  `;
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--trace-opt', '--trace-deopt', '--input-type=module', '-e', script],
    { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 },
  );
  expect(run.status, run.stderr).toBe(0);
  const methods = Object.getOwnPropertyNames(Reader.prototype).filter((m) => m !== 'constructor');
  const named = (line: string) =>
    methods.find((m) => new RegExp(`(JSFunction|SharedFunctionInfo) ${m}\\b`).test(line));
  const lines = run.stdout.split('\n');
  // the methods were compiled (else finding no deoptimisation below would say nothing)
  const optimised = new Set(lines.filter((l) => /completed (optimizing|compiling)/.test(l)).map(named));
  expect([...optimised].filter(Boolean)).toEqual(expect.arrayContaining(['peek', 'canRead', 'skip']));
  const dropped = lines.filter((l) => l.includes('embedded weak objects cleared') && named(l) !== undefined);
  expect(dropped).toEqual([]);
});

/**
 * What the command line says about itself: --version, the options each help text names, numeric options
 * that refuse what is not a number (usage errors exit 2), through the built CLI where the exit code matters.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Command, InvalidArgumentError } from 'commander';
import { expect, test } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist/cli/main.js');
const run = (...args: string[]) =>
  promisify(execFile)(process.execPath, [cli, ...args]).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

const commands = (program: Command): Command[] => [program, ...program.commands];

test('mcbridge --version prints the version of package.json and exits 0', async () => {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const out = await run('--version');
  expect(out.code).toBe(0);
  expect(out.stdout.trim()).toBe(version);
});

test("a command's --version is still the Minecraft version, not mcbridge's", async () => {
  // had the program taken --version, it would print its own version and exit 0 before --port is read
  const out = await run('exec', '--version', '1.21.4', '--port', 'abc', '--', 'say hi');
  expect(out.code).toBe(2);
  expect(out.stderr).toContain("error: option '--port <port>' argument 'abc' is invalid");
});

test('--timeout abc is a usage error that says what it expected, exit 2', async () => {
  const out = await run('exec', '--embedded', '--timeout', 'abc', '--', 'say hi');
  expect(out.code).toBe(2);
  expect(out.stdout).toBe('');
  expect(out.stderr).toContain(
    "error: option '--timeout <ms>' argument 'abc' is invalid. expected a positive whole number of milliseconds",
  );
});

test('every option that takes a number refuses what is not one, in every command', () => {
  const program = buildProgram();
  const numeric: string[] = [];
  for (const command of commands(program)) {
    for (const option of command.options) {
      // an option with a number for a default must parse its value (else it would be a string)
      if (typeof option.defaultValue === 'number') expect(option.parseArg, option.flags).toBeDefined();
      const parse = option.parseArg as ((v: string, p: unknown) => unknown) | undefined;
      if (!parse || option.argChoices) continue;
      let parsed: unknown;
      try {
        parsed = parse('12', undefined);
      } catch {
        continue;
      }
      if (typeof parsed !== 'number') continue;
      numeric.push(`${command.name()} ${option.long!}`);
      for (const bad of ['abc', '', '12abc', '1.5', '-3', '1e3'])
        expect(() => parse(bad, undefined), `${command.name()} ${option.flags} ${bad}`).toThrow(
          InvalidArgumentError,
        );
    }
  }
  expect(numeric).toEqual(
    expect.arrayContaining([
      'exec --timeout',
      'exec --port',
      'serve --port',
      'serve --bridge-port',
      'serve --http-port',
      'serve --job-max-age-days',
      'serve --viewer-port',
      'world --port',
      'world --viewer-port',
      'peer --port',
      'render --port',
    ]),
  );
});

test('every --option a help text names is an option of that command', () => {
  const program = buildProgram();
  for (const command of commands(program)) {
    // the program's help lists its commands, whose descriptions may name their own options
    const described = command === program ? program.commands : [command];
    const own = new Set(described.flatMap((c) => c.options.flatMap((o) => (o.long ? [o.long] : []))));
    for (const o of command.options) if (o.long) own.add(o.long);
    own.add('--help');
    const named = [...command.helpInformation().matchAll(/(?<![\w-])--[a-z][\w-]*/g)].map((m) => m[0]);
    expect(
      named.filter((flag) => !own.has(flag)),
      command.name(),
    ).toEqual([]);
  }
});

test('exec --help documents its exit status', () => {
  const exec = buildProgram().commands.find((c) => c.name() === 'exec')!;
  let help = '';
  exec.configureOutput({ writeOut: (s) => (help += s) });
  exec.outputHelp();
  expect(help).toMatch(/Exit status:\n\s+0 .*\n\s+1 .*\n(?:.*\n)*\s+2 +usage error/);
});

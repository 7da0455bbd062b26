/**
 * The README and the docs must not drift: every CLI flag, command, npm script, tool name and link they mention
 * exists, and docs/performance.md's figures are the bench's, written between its markers.
 */
import { UndoRegistry } from '../src/batch/undo.js';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { Command } from 'commander';
import { expect, test } from 'vitest';
import { markers, PERFORMANCE_DOC, writeFigures } from '../bench/doc-tables.js';
import { EXEC_EXIT_STATUS } from '../src/cli/exec-command.js';
import { buildProgram } from '../src/cli/program.js';
import { Targets } from '../src/connection/targets.js';
import { JobManager } from '../src/jobs/manager.js';
import { logger } from '../src/vocabulary/logger.js';
import { createServer } from '../src/mcp/server.js';
import { defaultSafetyConfig } from '../src/safety/config.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');
const development = read('docs/development.md');
const performance = read('docs/performance.md');
const usage = read('docs/usage.md');

function allFlags(program: Command): Set<string> {
  const flags = new Set<string>();
  const visit = (cmd: Command) => {
    for (const option of cmd.options) if (option.long) flags.add(option.long);
    cmd.commands.forEach(visit);
  };
  visit(program);
  return flags;
}

test('every --flag in the README is an option of an mcbridge command', () => {
  const program = buildProgram();
  const known = allFlags(program);
  // the README also shows the MCP Inspector CLI's options (npm run inspect:cli): those must be the Inspector's
  const inspector = execFileSync(join(root, 'node_modules/.bin/mcp-inspector'), ['--cli', '--help'], {
    encoding: 'utf8',
  });
  const inspectorFlags = new Set(inspector.match(/(?<![\w-])--[a-z][\w-]*/g));
  const mentioned = [...new Set(`${readme}\n${usage}`.match(/(?<![\w-])--[a-zA-Z][\w-]*/g) ?? [])];
  expect(mentioned.length).toBeGreaterThan(3);
  const unknown = mentioned.filter((f) => !known.has(f) && !inspectorFlags.has(f));
  expect(unknown).toEqual([]);
});

test('every command the README runs exists', () => {
  const names = new Set(buildProgram().commands.map((c) => c.name()));
  // `mcbridge X` in code spans, or `npx mcbridge X` / `"mcbridge", "X"` in code blocks
  const used = [
    ...readme.matchAll(/(?:npx (?:-y )?|`)mcbridge ([a-z]+)/g),
    ...readme.matchAll(/"mcbridge", "([a-z]+)"/g),
  ].map((m) => m[1]!);
  expect(used.length).toBeGreaterThan(3);
  const missing = [...new Set(used)].filter((n) => !names.has(n));
  expect(missing).toEqual([]);
});

test('every npm script the README and docs/development.md run is in package.json', () => {
  const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
  const used = [...`${readme}\n${development}`.matchAll(/npm run (?:-s |--silent )?([a-z][\w:-]*)/g)].map(
    (m) => m[1]!,
  );
  expect(used).toEqual(expect.arrayContaining(['inspect', 'inspect:cli', 'bench', 'check']));
  expect([...new Set(used)].filter((name) => !(name in scripts))).toEqual([]);
});

test("the README's two commands are npm install && npm test, and npx mcbridge demo", () => {
  const section = readme.slice(
    readme.indexOf('## Two commands'),
    readme.indexOf('\n## ', readme.indexOf('## Two commands') + 1),
  );
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  expect(
    block
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('#')[0]!.trim()),
  ).toEqual(['npm install && npm test', 'npx mcbridge demo']);
});

test("the README's exit status of exec is the one exec --help gives", () => {
  const section = readme.slice(readme.indexOf('`mcbridge exec` exits'));
  const codes = [...section.slice(0, section.indexOf('\n\n')).matchAll(/\*\*(\d)\*\*/g)].map((m) => m[1]);
  expect(codes).toEqual(['0', '1', '2']);
  expect([...EXEC_EXIT_STATUS.matchAll(/^ {2}(\d) /gm)].map((m) => m[1])).toEqual(codes);
  expect(section).toContain('Nothing changed');
  expect(EXEC_EXIT_STATUS).toContain('Nothing changed');
});

test('every relative link of the README and docs/usage.md leads to a file of the repository', () => {
  for (const [text, dir] of [
    [readme, root],
    [usage, join(root, 'docs')],
  ] as const) {
    const links = [...text.matchAll(/\]\(((?!https?:|#)[^)\s]+)\)/g)].map((m) => m[1]!.split('#')[0]!);
    expect(links.length).toBeGreaterThan(3);
    expect(links.filter((l) => !existsSync(join(dir, l)))).toEqual([]);
  }
});

test('the README and the docs it adds carry no issue numbers', () => {
  for (const text of [readme, development, performance, usage])
    expect(text.match(/\b(?:issues?|fixes|closes) #?\d+|(?<![\w&(…])#\d+\b(?! applied)/gi)).toBeNull();
});

test("docs/performance.md's tables stand between the bench markers, with the run's date and machine", () => {
  for (const name of ['main', 'world']) {
    const [begin, end] = markers(name);
    expect(performance.split(begin)).toHaveLength(2);
    const inside = performance.slice(performance.indexOf(begin) + begin.length, performance.indexOf(end));
    expect(inside).toMatch(/^\nMeasured \d{4}-\d\d-\d\d \d\d:\d\d UTC on \d+ cores \(.+\), Node v\d+/);
    const rows = inside.split('\n').filter((l) => l.startsWith('|'));
    expect(rows.slice(0, 2)).toEqual(['| figure | value |', '|---|---|']);
    expect(rows.length).toBeGreaterThan(5);
  }
  // the prose outside the markers says no figure of its own: every table of the doc is the bench's
  const outside = performance.replace(/<!-- bench:(\w+):begin -->[\s\S]*?<!-- bench:\1:end -->/g, '');
  expect(outside).not.toMatch(/^\|/m);
});

test("the bench's writer replaces what stands between the markers and leaves the prose alone", () => {
  const copy = pathToFileURL(join(mkdtempSync(join(tmpdir(), 'mcbridge-perf-')), 'performance.md'));
  copyFileSync(PERFORMANCE_DOC, copy);
  writeFigures('world', [['RSS with one bot', '100 MB (runs: 99, 100, 101)']], 1.5, copy);
  const written = readFileSync(copy, 'utf8');
  const [begin, end] = markers('world');
  const inside = written.slice(written.indexOf(begin) + begin.length, written.indexOf(end));
  expect(inside).toContain('| RSS with one bot | 100 MB (runs: 99, 100, 101) |');
  expect(inside).toContain('load average 1.5 at the start');
  const strip = (text: string) => text.slice(0, text.indexOf(begin)) + text.slice(text.indexOf(end));
  expect(strip(written)).toBe(strip(performance));
  expect(dirname(fileURLToPath(PERFORMANCE_DOC))).toBe(join(root, 'docs'));
});

test('every tool in the README tools table is registered, and every registered tool is in the table', async () => {
  const table = readme.slice(readme.indexOf('| Tool |'));
  const rows = table
    .slice(0, table.indexOf('\n\n'))
    .split('\n')
    .filter((l) => l.startsWith('| `'));
  const inTable = rows.flatMap((l) => [...l.split('|')[1]!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!));
  const targets = new Targets([]);
  const jobs = new JobManager({
    targets,
    undo: new UndoRegistry(),
    safety: defaultSafetyConfig,
    log: logger.child({}, { level: 'silent' }),
    dir: mkdtempSync(join(tmpdir(), 'mcbridge-readme-')),
    autoResume: false,
  });
  const server = createServer({
    targets,
    log: logger.child({}, { level: 'silent' }),
    safety: defaultSafetyConfig,
    jobs,
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'readme', version: '0' });
  await client.connect(a);
  const registered = (await client.listTools()).tools.map((t) => t.name).sort();
  await client.close();
  await jobs.close();
  expect([...new Set(inTable)].sort()).toEqual(registered);
});

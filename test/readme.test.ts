/** The README must not drift: every CLI flag and tool name it mentions exists. */
import { UndoRegistry } from '../src/batch/undo.js';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Command } from 'commander';
import { expect, test } from 'vitest';
import { buildProgram } from '../src/cli/program.js';
import { Targets } from '../src/connection/targets.js';
import { JobManager } from '../src/jobs/manager.js';
import { logger } from '../src/vocabulary/logger.js';
import { createServer } from '../src/mcp/server.js';
import { defaultSafetyConfig } from '../src/safety/config.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

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
  // flags of other programs the README shows (npm, npx, the bench, V8 options tried in the bench notes)
  const foreign = new Set([
    '--noEmit',
    '--world',
    '--min-semi-space-size',
    '--no-lazy-feedback-allocation',
    '--log-code',
    '--log-deopt',
    '--cpu-prof',
  ]);
  const mentioned = [...new Set(readme.match(/(?<![\w-])--[a-zA-Z][\w-]*/g) ?? [])];
  expect(mentioned.length).toBeGreaterThan(3);
  const unknown = mentioned.filter((f) => !known.has(f) && !foreign.has(f));
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

test('every tool in the README tools table is registered, and every registered tool is in the table', async () => {
  const section = readme.slice(
    readme.indexOf('## Tools'),
    readme.indexOf('\n## ', readme.indexOf('## Tools') + 1),
  );
  const rows = section.split('\n').filter((l) => l.startsWith('| `'));
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

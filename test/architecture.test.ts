/** DESIGN.md §1: core modules import nothing from the MCP SDK and are usable as a library. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const src = fileURLToPath(new URL('../src', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });

test('only src/mcp and src/cli import @modelcontextprotocol/sdk', () => {
  const offenders = files(src)
    .map((f) => relative(src, f))
    .filter((f) => !f.startsWith('mcp/') && !f.startsWith('cli/'))
    .filter((f) => readFileSync(join(src, f), 'utf8').includes('@modelcontextprotocol/sdk'));
  expect(offenders).toEqual([]);
});

test('no source file writes to stdout (it carries the MCP protocol)', () => {
  const offenders = files(src)
    .map((f) => relative(src, f))
    .filter((f) => !f.startsWith('cli/'))
    .filter((f) => /process\.stdout\.write|console\.log/.test(readFileSync(join(src, f), 'utf8')));
  expect(offenders).toEqual([]);
});

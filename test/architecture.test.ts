/** DESIGN.md §1: core modules import nothing from the MCP SDK and are usable as a library. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const src = fileURLToPath(new URL('../src', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });

test('only src/mcp and src/cli import the MCP SDK (@modelcontextprotocol/server, client, core, ext-*)', () => {
  const offenders = files(src)
    .map((f) => relative(src, f))
    .filter((f) => !f.startsWith('mcp/') && !f.startsWith('cli/'))
    .filter((f) => /from '@modelcontextprotocol\//.test(readFileSync(join(src, f), 'utf8')));
  expect(offenders).toEqual([]);
});

test('no source file writes to stdout (it carries the MCP protocol)', () => {
  const offenders = files(src)
    .map((f) => relative(src, f))
    .filter((f) => !f.startsWith('cli/'))
    .filter((f) => /process\.stdout\.write|console\.log/.test(readFileSync(join(src, f), 'utf8')));
  expect(offenders).toEqual([]);
});

/**
 * The house rules (.dependency-cruiser.cjs, run by `npm run check` on src/) fail on a back-edge: a small
 * tree written to a temporary folder breaks each kind of rule once, beside imports the rules allow.
 */
test('the boundary check names every back-edge, circle and side door into the embedded world', async () => {
  const { cruise } = await import('dependency-cruiser');
  const rules = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
    forbidden: unknown[];
  };
  const dir = mkdtempSync(join(tmpdir(), 'mcbridge-house-'));
  const tree: Record<string, string> = {
    'src/vocabulary/words.ts': 'export const word = 1;',
    'src/execute/run.ts': "import { word } from '../vocabulary/words.js';\nexport const run = word;",
    // a stage that imports the stage above it
    'src/outcome/classify.ts': "import { run } from '../execute/run.js';\nexport const x = run;",
    // allowed: the batch stage uses the outcome rules below it
    'src/batch/transaction.ts': "import { x } from '../outcome/classify.js';\nexport const y = x;",
    // the world reaching into the command path
    'src/capture/fenced.ts': 'export const fenced = 1;',
    'src/world/index.ts': "import { fenced } from '../capture/fenced.js';\nexport const startWorld = fenced;",
    'src/world/start-world.ts': 'export const inner = 1;',
    // a room of the world opened from the side, and the world started from the MCP layer
    'src/connection/factories.ts':
      "import { inner } from '../world/start-world.js';\nexport const f = inner;",
    'src/mcp/server.ts': "import { startWorld } from '../world/index.js';\nexport const s = startWorld;",
    // two files that import each other
    'src/hints/a.ts': "import { b } from './b.js';\nexport const a = () => b;",
    'src/hints/b.ts': "import { a } from './a.js';\nexport const b = () => a;",
  };
  try {
    for (const [path, text] of Object.entries(tree)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), `${text}\n`);
    }
    const result = await cruise(['src'], {
      baseDir: dir,
      ruleSet: { forbidden: rules.forbidden } as never,
      validate: true,
      tsPreCompilationDeps: true,
      includeOnly: '^src/',
    });
    const output = result.output as {
      summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> };
    };
    const found = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual(
      [
        'floor-1-imports-upward: src/world/index.ts -> src/capture/fenced.ts',
        'floor-5-imports-upward: src/outcome/classify.ts -> src/execute/run.ts',
        'no-circular: src/hints/a.ts -> src/hints/b.ts',
        'world-behind-one-door: src/mcp/server.ts -> src/world/index.ts',
        'world-face-only: src/connection/factories.ts -> src/world/start-world.ts',
        'world-imports-only-the-ground-floor: src/world/index.ts -> src/capture/fenced.ts',
      ].sort(),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('docs/architecture.md maps every folder of src/ on the floors the check enforces', () => {
  const floors = JSON.parse(
    readFileSync(fileURLToPath(new URL('../docs/architecture-floors.json', import.meta.url)), 'utf8'),
  ) as string[][];
  const doc = readFileSync(fileURLToPath(new URL('../docs/architecture.md', import.meta.url)), 'utf8');
  const folders = readdirSync(src).filter((name) => statSync(join(src, name)).isDirectory());
  expect([...floors.flat()].sort()).toEqual([...folders].sort());
  // the table, top floor first: | 11 | `cli` |
  const table = [...doc.matchAll(/^\| (\d+) \| (.+) \|$/gm)].map((m) => ({
    floor: Number(m[1]),
    folders: [...m[2]!.matchAll(/`([a-z-]+)`/g)].map((f) => f[1]),
  }));
  expect(table.map((row) => row.folders).reverse()).toEqual(floors);
  expect(table.map((row) => row.floor).reverse()).toEqual(floors.map((_, i) => i));
  const rooms = [...doc.matchAll(/^- `([a-z-]+)\/` — /gm)].map((m) => m[1]);
  expect([...rooms].sort()).toEqual([...folders].sort());
});

/**
 * The embedded world is a product of its own behind one face: src/world imports only itself and
 * src/vocabulary, has no import circles, and everything outside it imports src/world/index.ts alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const WORLD = join(ROOT, 'src/world');
const FACE = join(WORLD, 'index.ts');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** the files a file imports by relative path (static, bare, `export … from` and dynamic), resolved to .ts */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(?\s*)['"](\.[^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

const rel = (f: string) => relative(ROOT, f);
const worldFiles = tsFiles(WORLD);

describe('the embedded world’s boundary', () => {
  test('src/world imports only src/world and src/vocabulary', () => {
    const outside = worldFiles.flatMap((f) =>
      importsOf(f)
        .filter((to) => !to.startsWith(WORLD + '/') && !to.startsWith(join(ROOT, 'src/vocabulary') + '/'))
        .map((to) => `${rel(f)} → ${rel(to)}`),
    );
    expect(outside).toEqual([]);
  });

  test('no two files of src/world reach each other through imports', () => {
    const graph = new Map(worldFiles.map((f) => [f, importsOf(f).filter((to) => to.startsWith(WORLD))]));
    const reaches = (from: string, to: string) => {
      const seen = new Set<string>();
      const stack = [...(graph.get(from) ?? [])];
      while (stack.length > 0) {
        const f = stack.pop()!;
        if (f === to) return true;
        if (seen.has(f)) continue;
        seen.add(f);
        stack.push(...(graph.get(f) ?? []));
      }
      return false;
    };
    const circles = worldFiles.filter((f) => reaches(f, f)).map(rel);
    expect(circles).toEqual([]);
  });

  test('outside src/world only the face is imported (src/, test/ outside test/world, bench/)', () => {
    const callers = [join(ROOT, 'src'), join(ROOT, 'test'), join(ROOT, 'bench')]
      .flatMap(tsFiles)
      .filter((f) => !f.startsWith(WORLD + '/') && !f.startsWith(join(ROOT, 'test/world') + '/'));
    const deep = callers.flatMap((f) =>
      importsOf(f)
        .filter((to) => to.startsWith(WORLD + '/') && to !== FACE)
        .map((to) => `${rel(f)} → ${rel(to)}`),
    );
    expect(deep).toEqual([]);
    // and in src/ only the connection factory and the CLI import it
    const importers = callers
      .filter((f) => f.startsWith(join(ROOT, 'src') + '/') && importsOf(f).includes(FACE))
      .map(rel)
      .sort();
    for (const f of importers) expect(f).toMatch(/^src\/(connection\/factories\.ts|cli\/)/);
    expect(importers).toContain('src/connection/factories.ts');
  });
});

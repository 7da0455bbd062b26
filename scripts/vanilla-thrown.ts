/**
 * Builds test/outcome/fixtures/thrown-keys.json: the keys vanilla throws as CommandExceptionTypes outside the
 * commands.|argument.|parsing.|permissions. families, per version, read from decompiled, Mojang-named trees
 * (see DESIGN.md, "Vanilla's source"; the trees stay out of this repository, the keys are facts about them).
 *
 *   npm run thrown-keys -- <dir holding 1.21.4/, 1.21.11/, 26.1.2/, 26.3/>   (default /work/vanilla;
 *   26.3/ is the tree scripts/vanilla-corpus/tree-26.3.sh assembles)
 *
 * In each tree: every `new …CommandExceptionType(…)` expression, its
 * parentheses balanced across lines (1.21.11's decompiler spreads the lambda over several), and each
 * `Component.translatable…("key"` inside it. Independent of scripts/vanilla-corpus (which reads only the
 * feedback families), so that a key vanilla gains outside them shows up here.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FEEDBACK_KEY } from '../src/outcome/index.js';

const VERSIONS = ['1.21.4', '1.21.11', '26.1.2', '26.3'] as const;

const EXCEPTION_TYPE = /new\s+\w*CommandExceptionType\s*\(/g;
const TRANSLATABLE = /Component\.translatable\w*\(\s*"((?:[^"\\]|\\.)*)"/g;

function javaFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) javaFiles(path, out);
    else if (entry.name.endsWith('.java')) out.push(path);
  }
  return out;
}

/** the index just past the parenthesis that closes the one before `open`, skipping strings and chars */
function closingParen(src: string, open: number): number {
  let depth = 1;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === '"' || c === "'") {
      for (i++; i < src.length && src[i] !== c; i++) if (src[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return src.length;
}

export interface ThrownKey {
  key: string;
  /** files (relative to the tree) that declare an exception type with it */
  files: string[];
}

/** Every key inside an exception type's constructor in the tree of `version`, sorted. */
export function thrownKeys(vanillaDir: string, version: string): ThrownKey[] {
  const root = join(vanillaDir, version);
  if (!existsSync(join(root, 'net/minecraft'))) {
    throw new Error(`no decompiled tree at ${root}/net/minecraft`);
  }
  const found = new Map<string, Set<string>>();
  for (const file of javaFiles(join(root, 'net/minecraft'))) {
    const src = readFileSync(file, 'utf8');
    if (!src.includes('CommandExceptionType')) continue;
    for (const m of src.matchAll(EXCEPTION_TYPE)) {
      const start = m.index + m[0].length;
      const body = src.slice(start, closingParen(src, start));
      for (const k of body.matchAll(TRANSLATABLE)) {
        const key = k[1] as string;
        const files = found.get(key) ?? new Set<string>();
        files.add(file.slice(root.length + 1));
        found.set(key, files);
      }
    }
  }
  return [...found]
    .map(([key, files]) => ({ key, files: [...files].sort() }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? '/work/vanilla';
  const out = fileURLToPath(new URL('../test/outcome/fixtures/thrown-keys.json', import.meta.url));
  const byVersion = Object.fromEntries(
    VERSIONS.map((v) => [v, thrownKeys(dir, v).filter((k) => !FEEDBACK_KEY.test(k.key))]),
  );
  writeFileSync(out, `${JSON.stringify(byVersion, null, 2)}\n`);
  for (const v of VERSIONS)
    console.error(`${v}: ${byVersion[v]!.length} thrown keys outside the feedback families`);
}

/**
 * The keys vanilla throws as CommandExceptionTypes, read from a decompiled, Mojang-named tree
 * (/work/vanilla/<version>/net/minecraft): every `new …CommandExceptionType(…)` expression, its
 * parentheses balanced across lines (1.21.11's decompiler spreads the lambda over several), and each
 * `Component.translatable…("key"` inside it. Independent of scripts/vanilla-corpus (which reads only the
 * feedback families), so that a key vanilla gains outside them shows up here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** where the decompiled trees are (MCBRIDGE_VANILLA_DIR overrides) */
export const VANILLA_DIR = process.env['MCBRIDGE_VANILLA_DIR'] ?? '/work/vanilla';

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
export function thrownKeys(version: string): ThrownKey[] {
  const root = join(VANILLA_DIR, version);
  if (!existsSync(join(root, 'net/minecraft'))) {
    throw new Error(`no decompiled tree at ${root}/net/minecraft (set MCBRIDGE_VANILLA_DIR)`);
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

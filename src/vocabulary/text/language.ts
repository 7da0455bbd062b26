/**
 * English (en_us) translation tables from minecraft-data, per server version. minecraft-data ships en_us
 * only for some versions (1.20, 1.20.2, 1.20.3, 1.20.5, 1.21.1, 1.21.3–1.21.6, 1.21.8, 1.21.9, 1.21.11…);
 * another version gets the nearest older version that has one (the oldest one when it is older than all).
 */
import { createRequire } from 'node:module';
import type { LanguageTable } from './component.js';

/** the version assumed when the caller does not know the server's (the embedded world's) */
export const DEFAULT_LANGUAGE_VERSION = '1.21.4';

interface VersionData {
  language?: Record<string, string>;
  version?: { minecraftVersion?: string };
}
interface MinecraftData {
  (version: string): VersionData | null;
  supportedVersions: { pc: string[] };
}

const require = createRequire(import.meta.url);
let dataModule: MinecraftData | undefined;
const tables = new Map<string, LanguageTable>();
const resolved = new Map<string, string | undefined>();

const RELEASE = /^\d+(?:\.\d+){1,2}$/;

function parseVersion(v: string): number[] {
  return v.split('.').map((n) => Number.parseInt(n, 10) || 0);
}

/** negative when a < b */
export function compareVersions(a: string, b: string): number {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** minecraft-data answers an unknown patch version with its major version's data: only exact matches count */
function ownLanguage(md: MinecraftData, version: string): Record<string, string> | undefined {
  let data: VersionData | null;
  try {
    data = md(version);
  } catch {
    return undefined;
  }
  if (!data?.language || data.version?.minecraftVersion !== version) return undefined;
  return data.language;
}

function resolveWith(md: MinecraftData, version: string): string | undefined {
  if (resolved.has(version)) return resolved.get(version);
  let found: string | undefined;
  if (ownLanguage(md, version)) {
    found = version;
  } else {
    const releases = md.supportedVersions.pc
      .filter((v) => RELEASE.test(v))
      .sort((a, b) => compareVersions(b, a));
    const older = releases.filter((v) => !RELEASE.test(version) || compareVersions(v, version) <= 0);
    found = older.find((v) => ownLanguage(md, v) !== undefined);
    if (!found) found = [...releases].reverse().find((v) => ownLanguage(md, v) !== undefined);
  }
  resolved.set(version, found);
  return found;
}

function tableWith(md: MinecraftData, version: string | undefined): LanguageTable {
  const wanted = version ?? DEFAULT_LANGUAGE_VERSION;
  const source = resolveWith(md, wanted);
  if (!source) return {};
  const cached = tables.get(source);
  if (cached) return cached;
  const table = Object.freeze({ ...ownLanguage(md, source) });
  tables.set(source, table);
  return table;
}

function loadSync(): MinecraftData {
  dataModule ??= require('minecraft-data') as MinecraftData;
  return dataModule;
}

/** The version whose en_us table serves `version` (undefined when minecraft-data has none at all). */
export function resolveLanguageVersion(version?: string): string | undefined {
  return resolveWith(loadSync(), version ?? DEFAULT_LANGUAGE_VERSION);
}

/** en_us for a server version, loaded once and cached; `{}` when minecraft-data has no table to offer. */
export function languageFor(version?: string): LanguageTable {
  return tableWith(loadSync(), version);
}

/** The same table, loading minecraft-data through a dynamic import (for callers that prefer not to block). */
export async function loadLanguage(version?: string): Promise<LanguageTable> {
  if (!dataModule) {
    const mod = (await import('minecraft-data')) as unknown as { default: MinecraftData };
    dataModule = mod.default;
  }
  return tableWith(dataModule, version);
}

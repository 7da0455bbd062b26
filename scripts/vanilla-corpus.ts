/**
 * Builds the vanilla outcome corpus: for every translation key a command sends in a decompiled,
 * Mojang-named Minecraft tree, how vanilla sends it and which command it belongs to.
 *
 *   npm run corpus -- <tree> <version> [out.json] [--keep-unlisted]
 *   e.g. npm run corpus -- /work/vanilla/26.1.2 26.1.2
 *   --keep-unlisted: keep keys the code sends that the tree's en_us lacks (see CorpusOptions; used for 26.3)
 *   --source <text>: what the tree is, for the fixture's `source` (26.3's tree is assembled from two versions)
 *
 * Scans every .java file under net/minecraft that holds a feedback-key literal (commands, arguments,
 * Brigadier's exceptions, NBT and id parsers), with scan-java.ts. Shapes recorded per key:
 * - `success`: sendSuccess — a bare line, hidden when sendCommandFeedback is off;
 * - `failure`: sendFailure — a red line;
 * - `exception`: a CommandExceptionType — thrown, sent red by Commands.performCommand;
 * - `parse_error`: the same, created with a reader position — red, plus the `<--[HERE]` context line;
 * - `system`: sendSystemMessage — a bare line that feedback settings do not hide;
 * - `part_of_line`: only ever inside another key's component (a tooltip, a button label).
 * Brigadier's own exceptions (BrigadierExceptions.java) are all thrown with the reader (parse errors).
 * Output: test/outcome/fixtures/vanilla-<version>.json (committed; the corpus test reads it).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FileScan, KEY_FAMILY, scanJava, type SendKind } from './vanilla-corpus/scan-java.js';

export type Shape =
  SendKind | 'parse_error' | 'part_of_line' | 'context_line' | 'suggestion_tooltip' | 'chat_decoration';

/**
 * Keys the scanner cannot follow (a Consumer, a StringBuilder, a tooltip registry), read by hand in the
 * same trees; each row names the vanilla code it follows.
 */
const HAND_READ: ReadonlyArray<readonly [RegExp, Shape, string]> = [
  [/^command\.context\.here$/, 'context_line', 'Commands.performCommand appends it to the context line'],
  [
    /^argument\.entity\.(options\..+\.description|selector\.(allEntities|allPlayers|nearestEntity|nearestPlayer|randomPlayer|self))$/,
    'suggestion_tooltip',
    'EntitySelectorOptions/EntitySelectorParser: suggestion tooltips',
  ],
  [/^commands\.version\./, 'system', 'VersionCommand: dumpVersion(source::sendSystemMessage)'],
  [
    /^commands\.fillbiome\.success\.count$/,
    'success',
    'FillBiomeCommand: (m) -> source.sendSuccess(m, true)',
  ],
  [
    /^commands\.(banlist\.entry\.unknown|list\.nameAndId)$/,
    'part_of_line',
    'an argument of the banlist / list line',
  ],
  [
    /^commands\.function\.error\./,
    'part_of_line',
    'MacroFunction: the cause inside commands.function.instantiationFailure',
  ],
  [/^commands\.message\.display\./, 'chat_decoration', 'ChatType: the /msg chat decoration, sent as chat'],
  [
    /^commands\.fetchprofile\.(copy_component|copy_text|give_item|summon_mannequin)$/,
    'part_of_line',
    'FetchProfileCommand: button labels inside the profile line',
  ],
  [
    /^commands\.fetchprofile\.(id|name|entity)\.success$/,
    'success',
    'FetchProfileCommand.reportResolvedProfile: sendSuccess(() -> translatable(messageId, …))',
  ],
];

export interface CorpusEntry {
  key: string;
  /** the command (its Commands.literal) or, outside server/commands, the class that sends it */
  commands: string[];
  shapes: Shape[];
  /** files (relative to the tree) where vanilla sends it */
  files: string[];
}

export interface Corpus {
  version: string;
  generatedBy: string;
  source: string;
  keys: CorpusEntry[];
  /** feedback-key literals found in code that no send reaches (left out of `keys`) */
  unresolved: string[];
  /** with `keepUnlisted`: keys the code hands to Component.translatable that the tree's en_us lacks (in `keys` too) */
  notInLanguage?: string[];
}

function javaFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) javaFiles(path, out);
    else if (name.endsWith('.java')) out.push(path);
  }
  return out;
}

function language(tree: string, version: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(join(tree, 'assets/minecraft/lang/en_us.json'), 'utf8')) as Record<
      string,
      string
    >;
  } catch {
    // the 1.21.4 tree carries no assets: minecraft-data ships that version's en_us
    const md = createRequire(import.meta.url)('minecraft-data') as (v: string) => {
      language?: Record<string, string>;
    };
    const lang = md(version)?.language;
    if (!lang) throw new Error(`no en_us for ${version} in ${tree} or minecraft-data`);
    return lang;
  }
}

const commandOf = (file: string, scan: FileScan | undefined): string =>
  file.includes('server/commands/') && scan?.literal ? scan.literal : `(${basename(file, '.java')})`;

export interface CorpusOptions {
  /**
   * keep the keys the code hands to Component.translatable that the tree's en_us lacks, listed in
   * `notInLanguage` (26.3: its tree carries 26.1.2's en_us, since no 26.3 language table could be read)
   */
  keepUnlisted?: boolean;
}

export function buildCorpus(tree: string, version: string, options: CorpusOptions = {}): Corpus {
  const root = join(tree, 'net/minecraft');
  const lang = language(tree, version);
  const langKeys = Object.keys(lang);
  const scans = new Map<string, FileScan>();
  for (const file of javaFiles(root)) {
    // the client's copies of keys (suggestion tooltips, chat screen) are not what a server sends
    if (relative(root, file).startsWith('client/')) continue;
    const src = readFileSync(file, 'utf8');
    if (!/"(commands?|arguments?|parsing|permissions)\./.test(src)) continue;
    scans.set(relative(tree, file), scanJava(src));
  }
  const withContext = new Set<string>();
  for (const s of scans.values()) for (const f of s.withContext) withContext.add(f);
  const merge = (pick: (s: FileScan) => Map<string, Set<SendKind>>) => {
    const all = new Map<string, Set<SendKind>>();
    for (const s of scans.values())
      for (const [name, kinds] of pick(s)) all.set(name, new Set([...(all.get(name) ?? []), ...kinds]));
    return all;
  };
  const globalSent = merge((s) => s.sentNames);
  const globalRelay = merge((s) => s.dynamicSenders);

  const entries = new Map<string, { commands: Set<string>; shapes: Set<Shape>; files: Set<string> }>();
  const unresolved = new Set<string>();
  const notInLanguage = new Set<string>();
  const record = (key: string, shape: Shape, command: string, file: string, literal = false) => {
    if (!(key in lang)) {
      if (!literal || !options.keepUnlisted) return;
      notInLanguage.add(key);
    }
    const e = entries.get(key) ?? { commands: new Set(), shapes: new Set(), files: new Set() };
    e.commands.add(command);
    e.shapes.add(shape);
    e.files.add(file);
    entries.set(key, e);
  };
  for (const [file, scan] of scans) {
    const brigadier = basename(file) === 'BrigadierExceptions.java';
    const command =
      file.includes('server/commands/') && scan.literal ? scan.literal : `(${basename(file, '.java')})`;
    for (const use of scan.uses) {
      const keys = use.pattern
        ? langKeys.filter((k) => KEY_FAMILY.test(k) && new RegExp(`^${use.key}$`).test(k))
        : [use.key];
      let shapes: Shape[];
      if (use.send) {
        const parse =
          use.send === 'exception' &&
          (brigadier || (use.exceptionField !== undefined && withContext.has(use.exceptionField)));
        shapes = [parse ? 'parse_error' : use.send];
      } else if (use.nested) {
        shapes = ['part_of_line'];
      } else {
        const kinds = new Set<SendKind>();
        for (const name of use.via) {
          const local = [...(scan.sentNames.get(name) ?? [])];
          for (const k of local.length ? local : (globalSent.get(name) ?? [])) kinds.add(k);
        }
        if (use.viaCall) {
          const local = [...(scan.dynamicSenders.get(use.viaCall) ?? [])];
          for (const k of local.length ? local : (globalRelay.get(use.viaCall) ?? [])) kinds.add(k);
        }
        shapes = [...kinds];
        if (shapes.length === 0 && use.via.some((name) => scan.partNames.has(name)))
          shapes = ['part_of_line'];
      }
      if (shapes.length === 0) {
        for (const k of keys) if (k in lang) unresolved.add(`${k} (${file}:${use.line})`);
        continue;
      }
      const literal = !use.pattern && use.translatableKey;
      for (const k of keys) for (const shape of shapes) record(k, shape, command, file, literal);
    }
  }
  // keys the scanner could not follow, and hand-read rows replacing what it guessed for theirs
  for (const u of [...unresolved]) {
    const key = u.split(' ')[0] as string;
    const hand = HAND_READ.find(([re]) => re.test(key));
    if (!hand) continue;
    unresolved.delete(u);
    const file = u.slice(u.indexOf('(') + 1, u.lastIndexOf(':'));
    record(key, hand[1], commandOf(file, scans.get(file)), file);
  }
  for (const [key, e] of entries) {
    const hand = HAND_READ.find(([re]) => re.test(key));
    if (hand) e.shapes = new Set([hand[1]]);
  }
  const keys: CorpusEntry[] = [...entries]
    .map(([key, e]) => ({
      key,
      commands: [...e.commands].sort(),
      shapes: [...e.shapes].sort(),
      files: [...e.files].sort(),
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
  return {
    version,
    generatedBy: 'scripts/vanilla-corpus.ts',
    source: `decompiled Mojang-named Minecraft ${version} (net/minecraft/**/*.java)`,
    keys,
    unresolved: [...unresolved].filter((u) => !entries.has(u.split(' ')[0] as string)).sort(),
    ...(notInLanguage.size ? { notInLanguage: [...notInLanguage].sort() } : {}),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const keepUnlisted = args.includes('--keep-unlisted');
  const sourceAt = args.indexOf('--source');
  const source = sourceAt >= 0 ? args[sourceAt + 1] : undefined;
  const [tree, version, out] = args.filter(
    (a, i) => a !== '--keep-unlisted' && (sourceAt < 0 || (i !== sourceAt && i !== sourceAt + 1)),
  );
  if (!tree || !version) {
    process.stderr.write(
      'usage: vanilla-corpus.ts <tree> <version> [out.json] [--keep-unlisted] [--source <what the tree is>]\n',
    );
    process.exit(2);
  }
  const corpus = buildCorpus(tree, version, { keepUnlisted });
  if (source) corpus.source = source;
  const target =
    out ?? fileURLToPath(new URL(`../test/outcome/fixtures/vanilla-${version}.json`, import.meta.url));
  // one key per line: diffs between regenerations stay readable
  const { keys, ...head } = corpus;
  const body = keys.map((k) => `  ${JSON.stringify(k)}`).join(',\n');
  writeFileSync(target, `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "keys": [\n${body}\n]}\n`);
  process.stderr.write(
    `${version}: ${corpus.keys.length} keys, ${corpus.unresolved.length} unresolved → ${target}\n`,
  );
}

#!/usr/bin/env node
/**
 * Extracts the note block instrument of every block — BlockBehaviour.Properties.instrument(…) in the
 * decompiled net/minecraft/world/level/block/Blocks.java (Mojang names) — into JSON facts:
 * { "<block id>": "<instrument>" } for every block whose instrument is not the default, `harp`
 * (BlockBehaviour.Properties starts at NoteBlockInstrument.HARP).
 * A block's properties come from its register(…) line: the last `.instrument(…)` on it wins; otherwise
 * `Properties.ofFullCopy(X)` / `ofLegacyCopy(X)` copy X's instrument, and so do registerStair /
 * registerLegacyStair; a helper of Blocks.java (logProperties, registerStainedGlass, …) gives the
 * instrument its own body sets. `wallVariant(X, …)` starts from `Properties.of()`: it copies nothing.
 * Usage: node scripts/vanilla-tables/note-block-instruments.mjs Blocks.java > src/vocabulary/block-behaviour/note-block-instruments.json
 */
import { readFileSync } from 'node:fs';

const source = readFileSync(process.argv[2], 'utf8');
const instrumentIn = (text) => {
  const all = [...text.matchAll(/\.instrument\(NoteBlockInstrument\.([A-Z_]+)\)/g)];
  return all.length ? all[all.length - 1][1].toLowerCase() : undefined;
};

// the helpers of Blocks.java: their own instrument, or "copy" when they copy their block argument's
const helpers = new Map();
for (const m of source.matchAll(
  /private static (?:Block|BlockBehaviour\.Properties) ([a-zA-Z]+)\(([^)]*)\) \{\n([\s\S]*?)\n {3}\}/g,
)) {
  const [, name, , body] = m;
  if (name === 'register' || name === 'wallVariant') continue;
  const own = instrumentIn(body);
  if (own) helpers.set(name, own);
  else if (/of(Full|Legacy)Copy\(var1\)/.test(body)) helpers.set(name, 'copy');
  else helpers.set(name, 'harp');
}

const idOf = new Map();
const statements = [];
for (const line of source.split('\n')) {
  const m =
    /^\s+(?:public static final Block )?([A-Z0-9_]+) = ([a-zA-Z]+)\((?:"([a-z0-9_]+)"|net\.minecraft\.references\.Blocks\.([A-Z0-9_]+))(.*);$/.exec(
      line,
    );
  if (!m) continue;
  const [, constant, call, literal, reference, rest] = m;
  const id = literal ?? reference.toLowerCase();
  idOf.set(constant, id);
  statements.push({ constant, id, call, rest });
}

const instrument = new Map();
const resolve = (constant, seen = new Set()) => {
  const id = idOf.get(constant);
  if (id === undefined) throw new Error(`no block constant ${constant}`);
  if (instrument.has(id)) return instrument.get(id);
  if (seen.has(constant)) throw new Error(`copy loop at ${constant}`);
  seen.add(constant);
  const { call, rest } = statements.find((s) => s.constant === constant);
  let value = instrumentIn(rest);
  const copy = /Properties\.of(?:Full|Legacy)Copy\(([A-Z0-9_]+)\)/.exec(rest);
  if (!value && copy) value = resolve(copy[1], seen);
  if (!value && call !== 'register') {
    const helper = helpers.get(call);
    if (helper === undefined) throw new Error(`unknown helper ${call} (${constant})`);
    value = helper === 'copy' ? resolve(/^, ([A-Z0-9_]+)\)$/.exec(rest)[1], seen) : helper;
  }
  if (!value) {
    for (const name of rest.matchAll(/\b([a-z][a-zA-Z]+)\(/g)) {
      const helper = helpers.get(name[1]);
      if (helper && helper !== 'copy' && helper !== 'harp') value = helper;
    }
  }
  instrument.set(id, value ?? 'harp');
  return instrument.get(id);
};
for (const s of statements) resolve(s.constant);

const out = {};
for (const [id, value] of [...instrument].sort(([a], [b]) => a.localeCompare(b)))
  if (value !== 'harp') out[id] = value;
process.stdout.write(JSON.stringify(out, null, 2) + '\n');

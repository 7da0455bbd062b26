#!/usr/bin/env node
/**
 * Extracts vanilla's 1.13 flattening table — numeric id × 16 + data → block state — from the decompiled
 * net/minecraft/util/datafix/fixes/BlockStateData.java (Mojang names) into JSON facts:
 * { "<id>:<data>": "minecraft:name[k=v,…]" } with properties sorted by name. Rows vanilla leaves out take
 * the block's first registered row (BlockStateData.finalizeMaps), and so do they here.
 * With `--old`, the other table BlockStateData holds: each pre-1.13 state by name and properties (as 1.12
 * structure files name them) → its 1.13 state (BlockStateData.upgradeBlockStateTag, used by
 * BlockStateStructureTemplateFix).
 * Usage: node scripts/vanilla-tables/block-state-data.mjs BlockStateData.java > src/structures/upgrade/block-state-data.json
 *        node scripts/vanilla-tables/block-state-data.mjs BlockStateData.java --old > src/structures/upgrade/block-state-data-old.json
 */
import { readFileSync } from 'node:fs';

const source = readFileSync(process.argv[2], 'utf8');
const constants = new Map();
const mapOf = (args) => {
  const parts = [...args.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
  const props = {};
  for (let i = 0; i + 1 < parts.length; i += 2) props[parts[i]] = parts[i + 1];
  return props;
};
for (const m of source.matchAll(/static final Map<String, String> ([A-Z0-9_]+) = Map\.of\(([^;]*)\);/g))
  constants.set(m[1], mapOf(m[2]));

const key = (name, props) => {
  const names = Object.keys(props).sort();
  return names.length ? `${name}[${names.map((k) => `${k}=${props[k]}`).join(',')}]` : name;
};
const createPattern = /create\("([a-z0-9_:]+)"(?:, (?:([A-Z0-9_]+)|Map\.of\(([^)]*)\)))?\)/g;
if (process.argv[3] === '--old') {
  const old = {};
  for (const line of source.split('\n')) {
    if (!/^\s*register\(\d+, create/.test(line)) continue;
    const states = [...line.matchAll(createPattern)].map((m) =>
      key(m[1], m[2] ? constants.get(m[2]) : m[3] ? mapOf(m[3]) : {}),
    );
    // BlockStateData.register: ID_BY_OLD.put(old, id) — the last row naming an old state wins
    for (const o of states.slice(1)) old[o] = states[0];
  }
  process.stdout.write(JSON.stringify(old, null, 2) + '\n');
  process.exit(0);
}
const rows = new Map();
for (const m of source.matchAll(
  /register\((\d+), create\("([a-z0-9_:]+)"(?:, (?:([A-Z0-9_]+)|Map\.of\(([^)]*)\)))?\)/g,
)) {
  const props = m[3] ? constants.get(m[3]) : m[4] ? mapOf(m[4]) : {};
  if (!props) throw new Error(`unknown constant ${m[3]}`);
  rows.set(Number(m[1]), key(m[2], props));
}
const out = {};
const defaults = new Map();
for (const n of [...rows.keys()].sort((a, b) => a - b))
  if (!defaults.has(n >> 4)) defaults.set(n >> 4, rows.get(n));
for (const [block, first] of defaults)
  for (let data = 0; data < 16; data++) out[`${block}:${data}`] = rows.get(block * 16 + data) ?? first;
process.stdout.write(JSON.stringify(out, null, 2) + '\n');

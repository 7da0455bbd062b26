/**
 * The long form of the ground-truth property test: generated buildings through the real hints, each answer
 * judged against what the generator knows (rooms named with their boxes, nothing else called a room, ways in,
 * suggestions that pass the reference checker). Prints the failures grouped by kind with their seeds; exits 1
 * when there is any.
 *   npm run ground-truth [-- --count 10000 --seed 1 --family gableHouse --verbose]
 * `--seed` is the first seed; buildings use seeds seed … seed+count-1.
 */
import { parseArgs } from 'node:util';
import { FAMILIES, type Family } from '../test/ground-truth/families.js';
import type { Failure } from '../test/ground-truth/judge.js';
import { describe, group } from '../test/ground-truth/report.js';
import { hintsFor, trial } from '../test/ground-truth/through-hints.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    family: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
const first = Number(values.seed);
const family = values.family as Family | undefined;
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(first)) {
  process.stderr.write('--count must be a positive integer and --seed an integer\n');
  process.exit(2);
}
if (family !== undefined && !(family in FAMILIES)) {
  process.stderr.write(`--family must be one of: ${Object.keys(FAMILIES).join(', ')}\n`);
  process.exit(2);
}

const failures: Failure[] = [];
const perFamily = new Map<string, number>();
const started = Date.now();
for (let seed = first; seed < first + count; seed++) {
  const { building, failures: found } = trial(seed, family ? { family } : {});
  perFamily.set(building.family, (perFamily.get(building.family) ?? 0) + 1);
  failures.push(...found);
  if (values.verbose) {
    process.stdout.write(`${building.family} (seed ${seed}): ${building.commands.length} commands\n`);
    for (const c of building.commands) process.stdout.write(`  ${c}\n`);
    for (const r of building.rooms)
      process.stdout.write(`  room ${r.label}: air ${JSON.stringify(r.box)}, way in ${r.wayIn}\n`);
    process.stdout.write(`${JSON.stringify(hintsFor(building), null, 1)}\n`);
  }
  if ((seed - first + 1) % 1000 === 0) process.stderr.write(`${seed - first + 1}/${count} buildings\n`);
}
const groups = group(failures);
const failed = new Set(failures.map((f) => f.seed)).size;
process.stdout.write(
  `${count} buildings (${[...perFamily].map(([f, n]) => `${f} ${n}`).join(', ')}) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${failed} with failures, ${groups.length} kinds\n`,
);
if (groups.length) process.stdout.write(`${describe(groups)}\n`);
process.exit(groups.length ? 1 : 0);

/** Failures of many buildings grouped by what went wrong, with the seeds that show it and how to rerun one. */
import { reproduce } from './generator.js';
import type { Failure } from './judge.js';

export interface Group {
  property: string;
  family: string;
  kind: string;
  seeds: number[];
  example: string;
}

export const group = (failures: readonly Failure[]): Group[] => {
  const groups = new Map<string, Group>();
  for (const f of failures) {
    const k = `${f.property}\u0000${f.family}\u0000${f.kind}`;
    let g = groups.get(k);
    if (!g)
      groups.set(
        k,
        (g = { property: f.property, family: f.family, kind: f.kind, seeds: [], example: f.detail }),
      );
    if (!g.seeds.includes(f.seed)) g.seeds.push(f.seed);
  }
  return [...groups.values()].sort(
    (a, b) =>
      a.property.localeCompare(b.property) ||
      a.family.localeCompare(b.family) ||
      b.seeds.length - a.seeds.length,
  );
};

/** One paragraph per group: what, how many buildings, up to 12 seeds, one example, one command to rerun. */
export const describe = (groups: readonly Group[]): string =>
  groups
    .map(
      (g) =>
        `${g.property} · ${g.family} · ${g.kind}: ${g.seeds.length} building(s), seeds ${g.seeds.slice(0, 12).join(' ')}${g.seeds.length > 12 ? ' …' : ''}\n  e.g. ${g.example}\n  rerun: ${reproduce(g.seeds[0]!, g.family)}`,
    )
    .join('\n');

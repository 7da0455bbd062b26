/**
 * The bench's targets: each figure it is read against, printed beside the figure as met or not met, and
 * gathered into one list at the end of a run. Ratios within one run, never wall-clock limits in tests.
 */
export interface Target {
  name: string;
  value: number;
  op: '≥' | '≤';
  limit: number;
  unit: string;
}

const targets: Target[] = [];

export const isMet = (t: Pick<Target, 'value' | 'op' | 'limit'>): boolean =>
  t.op === '≥' ? t.value >= t.limit : t.value <= t.limit;

/** `target ≥ 0.5: met`, and the target kept for `targetRows` */
export function target(name: string, value: number, op: Target['op'], limit: number, unit = ''): string {
  const t = { name, value, op, limit, unit };
  targets.push(t);
  return `target ${op} ${limit}${unit}: ${isMet(t) ? 'met' : 'NOT MET'}`;
}

/** the targets measured so far (a section run in a process of its own hands them back) */
export const measuredTargets = (): readonly Target[] => targets;

/** one row per target met or not, in the order they were measured */
export function targetRows(): Array<[string, string]> {
  return targets.map((t) => [
    `target: ${t.name} ${t.op} ${t.limit}${t.unit}`,
    `${isMet(t) ? 'met' : 'NOT MET'} (${Number.isInteger(t.value) ? t.value : t.value.toFixed(2)}${t.unit})`,
  ]);
}

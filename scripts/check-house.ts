/**
 * `npm run check:house`: the house rules of src/ (.dependency-cruiser.cjs) through dependency-cruiser's
 * API. Its command line refuses Node 20, on which mcbridge still runs; the API does not care.
 * Prints each violation as `rule: from -> to` with the rule's reason, and exits 1 if there is any.
 */
import { createRequire } from 'node:module';
import { cruise, type IReporterOutput } from 'dependency-cruiser';

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
  forbidden: Array<{ name: string; comment?: string }>;
  options: Record<string, unknown>;
};

const result: IReporterOutput = await cruise(['src'], {
  ...config.options,
  ruleSet: { forbidden: config.forbidden } as never,
  validate: true,
});
const { summary } = result.output as {
  summary: {
    violations: Array<{ rule: { name: string }; from: string; to: string; cycle?: Array<{ name: string }> }>;
    totalCruised: number;
  };
};
const why = new Map(config.forbidden.map((rule) => [rule.name, rule.comment ?? '']));
for (const v of summary.violations) {
  const path = v.cycle?.length
    ? [v.from, ...v.cycle.map((c) => c.name)].join(' -> ')
    : `${v.from} -> ${v.to}`;
  process.stderr.write(`${v.rule.name}: ${path}\n  ${why.get(v.rule.name)}\n`);
}
process.stderr.write(
  `house rules: ${summary.violations.length} violation(s) in ${summary.totalCruised} modules of src/\n`,
);
process.exitCode = summary.violations.length > 0 ? 1 : 0;

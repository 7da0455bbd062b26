/** Shared by the build job tools: their deps, service context, and the text rendered from a job report. */
import type { JobManager } from '../../jobs/manager.js';
import { JOB_UNDO_LINE, type JobReport } from '../../jobs/report.js';
import { numberRuns } from '../../results/text.js';
import { type ServiceContext, serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';

export type BuildJobDeps = ToolDeps & { jobs: JobManager };

/** The service context of a job's connection (the default one when the job names an unknown connection). */
export function jobContext(
  deps: BuildJobDeps,
  tool: string,
  requestId: string | number,
  targetName?: string,
): ServiceContext {
  const known = deps.targets.all().find((t) => t.description.name === targetName);
  return serviceContext(known ?? deps.targets.get(), tool, requestId);
}

/** Runs a tool body that yields a job report; errors become tool errors naming the remedy. */
export async function jobToolResult(
  deps: BuildJobDeps,
  tool: string,
  requestId: string | number,
  work: () => Promise<JobReport>,
) {
  try {
    const report = await work();
    return toolResult(report, renderJobText(report), jobContext(deps, tool, requestId, report.target));
  } catch (err) {
    deps.log.warn({ err }, `${tool} failed`);
    return toolError(err, jobContext(deps, tool, requestId));
  }
}

const MAX_ROWS = 10;

export function renderJobText(r: JobReport): string {
  const counts = Object.entries(r.counts)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  const lines = [
    `build job ${r.id} (${r.name}): ${r.status}, ${r.doneSteps}/${r.totalSteps} steps done (${counts})`,
    `phases: ${r.phases.map((p) => `${p.name} ${p.done}/${p.steps} ${p.status}`).join('; ')}`,
    r.hint,
  ];
  if (r.lastError) lines.push(`last error: ${r.lastError}`);
  if (!r.undoable) lines.push(JOB_UNDO_LINE);
  // the same failure in the same phase is one line naming exactly its steps (#3–#9, #12)
  const groups = new Map<string, Array<(typeof r.failures)[number]>>();
  for (const f of r.failures) {
    const key = `${f.phase} ${f.status} ${(f.summary ?? f.command).replace(/-?\d+(\.\d+)?/g, '#')}`;
    const group = groups.get(key);
    if (group) group.push(f);
    else groups.set(key, [f]);
  }
  let listed = 0;
  for (const group of [...groups.values()].slice(0, MAX_ROWS)) {
    const f = group[0]!;
    const count = group.length > 1 ? ` (${group.length})` : '';
    lines.push(
      `${numberRuns(group.map((g) => g.step - 1))} [${f.phase}] ${f.status}${count}: ${f.summary ?? f.command}`,
    );
    listed += group.length;
  }
  const rest = r.failedSteps - listed;
  if (rest > 0) lines.push(`… ${rest} more failed step(s): structuredContent.failures, then failuresFrom`);
  return lines.join('\n');
}

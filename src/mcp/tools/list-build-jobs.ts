/** Tool `list_build_jobs`: the build jobs in the journal directory, newest first. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { JobSummarySchema } from '../../jobs/report.js';
import { toolError, toolResult } from '../results.js';
import { type BuildJobDeps, jobContext } from './build-job-results.js';

export const ListBuildJobsOutput = z.object({
  jobs: z.array(JobSummarySchema),
  /** journal files that could not be read; they were moved aside (`*.corrupt`) */
  problems: z.array(z.object({ file: z.string(), problem: z.string(), movedTo: z.string().optional() })),
  directory: z.string(),
});

export function registerListBuildJobsTool(server: McpServer, deps: BuildJobDeps): void {
  server.registerTool(
    'list_build_jobs',
    {
      title: 'List build jobs',
      description:
        'List the build jobs in the journal, newest first, with status and steps done, and journal files that could not be read.',
      inputSchema: z.object({}),
      outputSchema: ListBuildJobsOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (_args, ctx) => {
      const context = jobContext(deps, 'list_build_jobs', ctx.mcpReq.id);
      try {
        const { jobs, problems } = await deps.jobs.list();
        const result = { jobs, problems, directory: deps.jobs.store.dir };
        const lines = [
          `${jobs.length} build job(s) in ${result.directory}`,
          ...jobs.map(
            (j) => `${j.id} ${j.status} ${j.doneSteps}/${j.totalSteps} "${j.name}" (updated ${j.updatedAt})`,
          ),
          ...problems.map((p) => `unreadable: ${p.file} (${p.problem})${p.movedTo ? ` → ${p.movedTo}` : ''}`),
        ];
        return toolResult(result, lines.join('\n'), context);
      } catch (err) {
        return toolError(err, context);
      }
    },
  );
}

/** Tool `get_build_job`: where a build job is, optionally waiting for it to finish. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { JobReportSchema } from '../../jobs/report.js';
import { JobIdSchema } from '../../jobs/schema.js';
import { type BuildJobDeps, jobToolResult } from './build-job-results.js';

export const GetBuildJobInput = z.object({
  id: JobIdSchema,
  waitSeconds: z
    .number()
    .min(0)
    .max(120)
    .optional()
    .describe('wait up to this long for the job to stop running (default 0)'),
  failuresFrom: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('list failed steps from this 1-based step on (default: the first)'),
});

export function registerGetBuildJobTool(server: McpServer, deps: BuildJobDeps): void {
  server.registerTool(
    'get_build_job',
    {
      title: 'Get a build job',
      description:
        'Show where a build job is (status, phases, counts per outcome, failed steps 20 at a time, the last error) and what to do next; waitSeconds waits for it to stop running.',
      inputSchema: GetBuildJobInput,
      outputSchema: JobReportSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args, ctx) =>
      jobToolResult(deps, 'get_build_job', ctx.mcpReq.id, () =>
        deps.jobs.get(args.id, args.waitSeconds ?? 0, args.failuresFrom),
      ),
  );
}

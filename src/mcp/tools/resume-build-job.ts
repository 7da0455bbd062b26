/** Tool `resume_build_job`: continue an interrupted or failed build job from its journal. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { JobReportSchema } from '../../jobs/report.js';
import { JobIdSchema } from '../../jobs/schema.js';
import { type BuildJobDeps, jobToolResult } from './build-job-results.js';

export const ResumeBuildJobInput = z.object({
  id: JobIdSchema,
  from: z
    .string()
    .optional()
    .describe('a phase name: its failed and skipped steps, and those of later phases, are tried again'),
  restart: z
    .boolean()
    .optional()
    .describe('also send applied steps again (from the given phase, or from the start); default false'),
});

export function registerResumeBuildJobTool(server: McpServer, deps: BuildJobDeps): void {
  server.registerTool(
    'resume_build_job',
    {
      title: 'Resume a build job',
      description: `Continue a build job in the background from its journal: applied steps are not sent again (unless restart); steps of unknown outcome are checked in the world first.`,
      inputSchema: ResumeBuildJobInput,
      outputSchema: JobReportSchema,
      annotations: { destructiveHint: true, openWorldHint: true, readOnlyHint: false, idempotentHint: false },
    },
    (args, ctx) =>
      jobToolResult(deps, 'resume_build_job', ctx.mcpReq.id, () =>
        deps.jobs.resume(args.id, {
          ...(args.from !== undefined ? { from: args.from } : {}),
          ...(args.restart !== undefined ? { restart: args.restart } : {}),
        }),
      ),
  );
}

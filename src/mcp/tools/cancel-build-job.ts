/** Tool `cancel_build_job`: stop a build job after the commands already in flight. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { JobReportSchema } from '../../jobs/report.js';
import { JobIdSchema } from '../../jobs/schema.js';
import { type BuildJobDeps, jobToolResult } from './build-job-results.js';

export function registerCancelBuildJobTool(server: McpServer, deps: BuildJobDeps): void {
  server.registerTool(
    'cancel_build_job',
    {
      title: 'Cancel a build job',
      description:
        'Stop a build job once the commands in flight have answered; its journal is kept, so resume_build_job can still continue it.',
      inputSchema: z.object({ id: JobIdSchema }),
      outputSchema: JobReportSchema,
      annotations: {
        destructiveHint: false,
        openWorldHint: false,
        readOnlyHint: false,
        idempotentHint: true,
      },
    },
    (args, ctx) => jobToolResult(deps, 'cancel_build_job', ctx.mcpReq.id, () => deps.jobs.cancel(args.id)),
  );
}

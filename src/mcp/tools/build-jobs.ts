/**
 * The build job tools (start/get/resume/list/cancel_build_job): long builds that run in the background,
 * journaled so they survive a companion restart or a lost connection. See docs/jobs.md.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import type { BuildJobDeps } from './build-job-results.js';
import { registerCancelBuildJobTool } from './cancel-build-job.js';
import { registerGetBuildJobTool } from './get-build-job.js';
import { registerListBuildJobsTool } from './list-build-jobs.js';
import { registerResumeBuildJobTool } from './resume-build-job.js';
import { registerStartBuildJobTool } from './start-build-job.js';

export type { BuildJobDeps } from './build-job-results.js';

export function registerBuildJobTools(server: McpServer, deps: BuildJobDeps): void {
  registerStartBuildJobTool(server, deps);
  registerGetBuildJobTool(server, deps);
  registerResumeBuildJobTool(server, deps);
  registerListBuildJobsTool(server, deps);
  registerCancelBuildJobTool(server, deps);
}

import { join } from 'node:path';
/**
 * The MCP server with the build job tools, wired as the CLI will wire it (until the lead registers them
 * in tools/index.ts): one mineflayer target, a JobManager on a journal directory, execute_commands and
 * get_blocks_in_area beside the job tools.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StructureStore } from '../../src/structures/store.js';
import { UndoRegistry } from '../../src/batch/undo.js';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { Targets } from '../../src/connection/targets.js';
import { JobManager, type JobManagerOptions } from '../../src/jobs/manager.js';
import type { Logger } from '../../src/vocabulary/logger.js';
import { registerBuildJobTools } from '../../src/mcp/tools/build-jobs.js';
import { registerExecuteCommandsTool } from '../../src/mcp/tools/execute-commands.js';
import { registerGetBlocksInAreaTool } from '../../src/mcp/tools/get-blocks-in-area.js';
import { registerUndoLastTool } from '../../src/mcp/tools/undo-last.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';

export interface JobServerOptions {
  host: string;
  port: number;
  username: string;
  dir: string;
  log: Logger;
  manager?: Partial<Omit<JobManagerOptions, 'targets' | 'safety' | 'log' | 'dir'>>;
}

export async function createJobServer(o: JobServerOptions) {
  const target = mineflayerTarget({ host: o.host, port: o.port, username: o.username, version: '1.21.4' });
  const targets = new Targets([target]);
  const safety = defaultSafetyConfig;
  const undo = new UndoRegistry();
  const jobs = new JobManager({ targets, safety, log: o.log, dir: o.dir, undo, ...o.manager });
  const server = new McpServer({ name: 'mcbridge-jobs-test', version: '0.0.0' });
  const structures = new StructureStore(join(o.dir, 'structures'));
  const deps = { targets, log: o.log, safety, undo, jobs, structures };
  registerExecuteCommandsTool(server, deps);
  registerGetBlocksInAreaTool(server, deps);
  registerBuildJobTools(server, deps);
  registerUndoLastTool(server, deps);
  const init = await jobs.init();
  return { server, target, targets, jobs, init };
}

import type { McpServer } from '@modelcontextprotocol/server';
import { registerBuildView } from '../apps/index.js';
import { registerBuildJobTools } from './build-jobs.js';
import type { ToolDeps } from './deps.js';
import { ResultPages } from '../../results/pages.js';
import { registerExecuteCommandsTool } from './execute-commands.js';
import { registerGetBatchResultsTool } from './get-batch-results.js';
import { registerGetBlocksInAreaTool } from './get-blocks-in-area.js';
import { registerGetConnectionInfoTool } from './get-connection-info.js';
import { registerListConnectionsTool } from './list-connections.js';
import { registerRenderAreaTool } from './render-area.js';
import { registerStructureTools } from './structures.js';
import { registerCompareStructureTool } from './compare-structure.js';
import { registerUndoLastTool } from './undo-last.js';

export function registerAllTools(server: McpServer, deps: ToolDeps): void {
  const pages = deps.pages ?? new ResultPages();
  registerExecuteCommandsTool(server, deps, pages);
  registerGetConnectionInfoTool(server, deps);
  registerListConnectionsTool(server, deps);
  registerGetBlocksInAreaTool(server, deps);
  registerRenderAreaTool(server, deps);
  registerBuildView(server, deps);
  registerUndoLastTool(server, deps);
  registerStructureTools(server, deps, pages);
  registerCompareStructureTool(server, deps);
  registerGetBatchResultsTool(server, deps, pages);
  if (deps.jobs) registerBuildJobTools(server, { ...deps, jobs: deps.jobs });
}

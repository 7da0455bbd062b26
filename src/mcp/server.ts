/** The MCP server, independent of its transport (stdio, in-memory, HTTP). */
import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/server';
import { UndoRegistry } from '../batch/undo.js';
import { StructureStore } from '../structures/store.js';
import { forwardConnectionNews } from './connection-news.js';
import { registerAllPrompts } from './prompts/index.js';
import { registerAllResources } from './resources/index.js';
import type { ToolDeps } from './tools/deps.js';
import { registerAllTools } from './tools/index.js';
import { installInvalidParams } from './invalid-params.js';
import { McbridgeTaskStore } from './task-store.js';
import { registerTaskMethods, TASKS_CAPABILITY, taskLayer } from './tasks-2025.js';
import { advertiseByEra, modernTaskLayer } from './tasks-2026.js';
import { aroundEachCall, layerToolsCall } from './tools-call.js';

const require = createRequire(import.meta.url);
const { version } = require('../../package.json') as { version: string };

/**
 * `undo` and `tasks` default to fresh ones; pass them to share undo history and MCP tasks between several
 * servers (HTTP sessions). `era` is the one the serving entry's factory names (`serveStdio`): a connection
 * of the 2026-07-28 era hears every resource update, which the entry routes onto its `subscriptions/listen`
 * streams.
 */
export function createServer(
  deps: Omit<ToolDeps, 'undo' | 'structures' | 'tasks'> & {
    undo?: UndoRegistry;
    structures?: StructureStore;
    tasks?: McbridgeTaskStore;
    era?: 'legacy' | 'modern';
    /** told when each tool call starts; what it returns, when the call is answered (serve's heap, lean-heap.ts) */
    callStarted?: () => () => void;
  },
): McpServer {
  const tasks = deps.tasks ?? new McbridgeTaskStore();
  const server = new McpServer(
    { name: 'mcbridge', version },
    {
      capabilities: {
        logging: {},
        tasks: TASKS_CAPABILITY,
      },
      instructions:
        'mcbridge runs Minecraft commands on a real server and reports, per command, what happened. Use execute_commands with many commands at once; read each result status and the hint.',
    },
  );
  // 2026-07-28: the tasks extension instead of `tasks` and no `logging`; 2025-11-25 keeps both
  advertiseByEra(server);
  forwardConnectionNews(server, deps.targets);
  const full: ToolDeps = {
    ...deps,
    undo: deps.undo ?? new UndoRegistry(),
    structures: deps.structures ?? new StructureStore(),
    tasks,
  };
  // every MCP server (one per HTTP session) listens to these; the HTTP server caps and ends sessions
  full.jobs?.changes.setMaxListeners(0);
  full.structures.changes.setMaxListeners(0);
  // before the tools: the layers wrap the tools/call handler McpServer installs with the first one
  layerToolsCall(
    server,
    modernTaskLayer(server, tasks),
    taskLayer(server, tasks),
    ...(deps.callStarted ? [aroundEachCall(deps.callStarted)] : []),
  );
  installInvalidParams(server);
  registerTaskMethods(server, tasks);
  registerAllTools(server, full);
  const stopResources = registerAllResources(server, full, deps.era);
  registerAllPrompts(server, deps.targets);
  const previousClose = server.server.onclose;
  server.server.onclose = () => {
    stopResources();
    previousClose?.();
  };
  return server;
}

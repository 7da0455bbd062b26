/**
 * A writing tool that can run long, registered so that a host may call it as an MCP task
 * (`execution.taskSupport: "optional"`): a task-augmented call returns the task at once, its status message
 * carries progress, `tasks/result` gives the answer a plain call would, `tasks/cancel` stops the work after
 * what it has already sent (src/mcp/tasks-2025.ts). A plain call runs as any tool does, stopped by its own
 * cancellation. Without a task store (a server built for a test of its own) the tool is an ordinary one.
 */
import type { CallToolResult, McpServer, ServerContext, ToolAnnotations } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { McbridgeTaskStore } from '../task-store.js';
import { markTaskTool, relatedTaskId } from '../task-run.js';
import { notifyTaskStatus } from '../tasks-2025.js';

export type ToolExtra = ServerContext;

/** How the work of one call runs. */
export interface TaskRun {
  /** stops the work: the call was cancelled (tasks/cancel, or a plain call's cancellation) */
  signal: AbortSignal;
  /** where the work is now, e.g. "120/500 commands done" */
  progress(message: string): void;
  /** called as a task (the client polls), not plainly */
  asTask: boolean;
}

export interface TaskToolConfig<Input extends z.ZodObject> {
  title: string;
  description: string;
  inputSchema: Input;
  outputSchema: z.ZodObject;
  annotations: ToolAnnotations;
  _meta?: Record<string, unknown>;
}

/** a client told of progress at most this often (the status message itself is always current) */
const STATUS_NOTIFY_MS = 1000;

export function registerTaskTool<Input extends z.ZodObject>(
  server: McpServer,
  tasks: McbridgeTaskStore | undefined,
  name: string,
  config: TaskToolConfig<Input>,
  work: (args: z.infer<Input>, extra: ToolExtra, run: TaskRun) => Promise<CallToolResult>,
): void {
  const tool = server.registerTool(name, config, ((args: z.infer<Input>, extra: ToolExtra) =>
    work(args, extra, tasks ? runOf(server, tasks, extra) : plainRun(extra))) as never);
  if (!tasks) return;
  tool.execution = { taskSupport: 'optional' };
  markTaskTool(server, name);
}

const plainRun = (extra: ToolExtra): TaskRun => ({
  signal: extra.mcpReq.signal,
  progress: () => {},
  asTask: false,
});

function runOf(server: McpServer, tasks: McbridgeTaskStore, extra: ToolExtra): TaskRun {
  const id = relatedTaskId(extra);
  if (id === undefined || !tasks.getTask(id)) return plainRun(extra);
  let notified = 0;
  return {
    signal: tasks.signal(id),
    asTask: true,
    progress: (message) => {
      if (!tasks.progress(id, message)) return;
      if (performance.now() - notified < STATUS_NOTIFY_MS) return;
      notified = performance.now();
      notifyTaskStatus(server, tasks.getTask(id));
    },
  };
}

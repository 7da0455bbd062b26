/**
 * A writing tool that can run long, registered so that a host may call it as an MCP task
 * (`execution.taskSupport: "optional"`): a task-augmented call returns the task at once, its status message
 * carries progress, `tasks/result` gives the answer a plain call would, `tasks/cancel` stops the work after
 * what it has already sent. Plain calls keep working: the SDK runs them as a task it waits for itself.
 * Without a task store (a server built for a test of its own) the tool is an ordinary one.
 */
import type { ToolTaskHandler } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  CallToolResult,
  ServerNotification,
  ServerRequest,
  ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { McbridgeTaskStore } from '../task-store.js';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

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
  if (!tasks) {
    server.registerTool(name, config, ((args: z.infer<Input>, extra: ToolExtra) =>
      work(args, extra, { signal: extra.signal, progress: () => {}, asTask: false })) as never);
    return;
  }
  const inputSchema: z.ZodObject = config.inputSchema;
  const handler: ToolTaskHandler<z.ZodObject> = {
    createTask: async (args, extra) => {
      const task = await extra.taskStore.createTask(
        typeof extra.taskRequestedTtl === 'number' ? { ttl: extra.taskRequestedTtl } : {},
      );
      const id = task.taskId;
      const asTask = !tasks.isPlain(id);
      // a plain call's own cancellation stops its work; a task's request has ended already
      if (!asTask) extra.signal.addEventListener('abort', () => tasks.abort(id), { once: true });
      let notified = 0;
      const progress = (message: string) => {
        if (!tasks.progress(id, message) || !asTask) return;
        if (performance.now() - notified < STATUS_NOTIFY_MS) return;
        notified = performance.now();
        // notifications/tasks/status to the client, when it is still connected
        void extra.taskStore.updateTaskStatus(id, 'working', message).catch(() => undefined);
      };
      void (async () => {
        let result: CallToolResult;
        try {
          result = await work(args as z.infer<Input>, extra, { signal: tasks.signal(id), progress, asTask });
        } catch (err) {
          result = {
            content: [{ type: 'text', text: `${name} failed: ${String(err)}` }],
            isError: true,
          };
        }
        const status = result.isError ? 'failed' : 'completed';
        // through the request's store the client hears of the end; if it has gone, store it quietly
        await (asTask ? extra.taskStore : tasks)
          .storeTaskResult(id, status, result)
          .catch(() => tasks.storeTaskResult(id, status, result).catch(() => undefined));
      })();
      return { task };
    },
    getTask: (_args, extra) => extra.taskStore.getTask(extra.taskId),
    getTaskResult: async (_args, extra) =>
      (await extra.taskStore.getTaskResult(extra.taskId)) as CallToolResult,
  };
  server.experimental.tasks.registerToolTask(
    name,
    { ...config, inputSchema, execution: { taskSupport: 'optional' } },
    handler,
  );
}

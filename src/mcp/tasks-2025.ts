/**
 * Tasks as protocol 2025-11-25 has them, for the clients of that revision: a `tools/call` with `task` returns
 * a task at once (`CreateTaskResult`) and the tool's work goes on; `tasks/get`, `tasks/result`, `tasks/list`
 * and `tasks/cancel` read and stop it; `notifications/tasks/status` tells a connected client of its progress
 * and end. SDK v2 dropped its experimental task layer (the methods are plain wire vocabulary there), so the
 * handlers are ours, over the companion's one McbridgeTaskStore (the work itself runs as task-run.ts says).
 *
 * `tasks/get` and `tasks/cancel` are also methods of the 2026-07-28 tasks extension, with other shapes: one
 * handler per method serves both, a 2026-07-28 request handed to tasks-2026.ts.
 */
import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type Task,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { isTaskTool, runDetached, withoutTask, withoutTaskParam } from './task-run.js';
import type { McbridgeTaskStore } from './task-store.js';
import {
  cancelModernTask,
  getModernTask,
  isModernRequest,
  servesModernEra,
  updateModernTask,
} from './tasks-2026.js';
import type { ToolsCallLayer } from './tools-call.js';

/** the `tasks` capability of 2025-11-25 */
export const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

const TaskParams = z.looseObject({ taskId: z.string() });
// `inputResponses` reaches the handler lifted out of params (`ctx.mcpReq.inputResponses`)
const UpdateParams = z.looseObject({ taskId: z.string() });
const ListParams = z.looseObject({ cursor: z.string().optional() });
const TaskAugmented = z.looseObject({ task: z.looseObject({ ttl: z.number().nullish() }).optional() });

/** Tells the client of a task's status, when it is still there to hear it (2025-11-25 only). */
export function notifyTaskStatus(server: McpServer, task: Task | null): void {
  if (!task || !server.isConnected() || servesModernEra(server)) return;
  void server.server
    .notification({ method: 'notifications/tasks/status', params: { ...task } })
    .catch(() => undefined);
}

/**
 * Runs a task-augmented call of a task tool, from a 2025-11-25 client, as a task; every other call goes on
 * as it came, as itself. A 2026-07-28 request is never a task here (tasks-2026.ts makes its tasks).
 */
export function taskLayer(server: McpServer, tasks: McbridgeTaskStore): ToolsCallLayer {
  return (next) => async (request, ctx) => {
    const augmented = TaskAugmented.safeParse(request.params);
    const wanted = augmented.success ? augmented.data.task : undefined;
    // a 2026-07-28 request comes through tasks-2026.ts's layer, which made its task or cleaned it of claims
    if (isModernRequest(ctx)) return next(request, ctx);
    // a plain call never works for a task, whatever its `_meta` claims: only this layer names the task
    if (!wanted || !isTaskTool(server, request.params.name))
      return next(withoutTaskParam(request), withoutTask(ctx));
    const task = tasks.createTask({ ttl: wanted.ttl });
    const id = task.taskId;
    runDetached(next, request, ctx, tasks, id, () => notifyTaskStatus(server, tasks.getTask(id)));
    // SDK v2 checks every tools/call result as a CallToolResult, which needs content: the task, said in words
    return {
      task,
      content: [
        {
          type: 'text',
          text: `${request.params.name} runs as task ${id}: read its status with tasks/get and its answer with tasks/result`,
        },
      ],
    };
  };
}

const unknownTask = (taskId: string) =>
  new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `task ${taskId} not found: it ended more than its ttl ago, or never existed`,
  );

/**
 * `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel`, over the companion's store; `tasks/update` of
 * the extension. The SDK answers `tasks/result` and `tasks/list` of a 2026-07-28 request with -32601 itself.
 */
export function registerTaskMethods(server: McpServer, tasks: McbridgeTaskStore): void {
  const low = server.server;
  low.setRequestHandler('tasks/get', { params: TaskParams }, (p, ctx) => {
    if (isModernRequest(ctx)) return getModernTask(tasks, p.taskId, ctx);
    const task = tasks.getTask(p.taskId);
    if (!task) throw unknownTask(p.taskId);
    return { ...task };
  });
  low.setRequestHandler('tasks/result', { params: TaskParams }, async (p) => {
    if (!tasks.getTask(p.taskId)) throw unknownTask(p.taskId);
    const result = await tasks.getTaskResult(p.taskId);
    return { ...result, _meta: { ...result._meta, [RELATED_TASK_META_KEY]: { taskId: p.taskId } } };
  });
  low.setRequestHandler('tasks/list', { params: ListParams }, (p) => {
    try {
      return tasks.listTasks(p.cursor);
    } catch (err) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, String((err as Error).message));
    }
  });
  low.setRequestHandler('tasks/cancel', { params: TaskParams }, (p, ctx) => {
    if (isModernRequest(ctx)) return cancelModernTask(tasks, p.taskId, ctx);
    const task = tasks.getTask(p.taskId);
    if (!task) throw unknownTask(p.taskId);
    if (task.status === 'completed' || task.status === 'failed' || task.status === 'cancelled')
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `task ${p.taskId} is ${task.status} already: only a working task can be cancelled`,
      );
    const cancelled = tasks.updateTaskStatus(p.taskId, 'cancelled');
    notifyTaskStatus(server, cancelled);
    return { ...cancelled };
  });
  low.setRequestHandler('tasks/update', { params: UpdateParams }, (p, ctx) => {
    if (!isModernRequest(ctx))
      throw new ProtocolError(
        ProtocolErrorCode.MethodNotFound,
        'tasks/update is a method of protocol 2026-07-28',
      );
    return updateModernTask(tasks, p.taskId, ctx);
  });
}

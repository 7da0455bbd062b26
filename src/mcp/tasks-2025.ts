/**
 * Tasks as protocol 2025-11-25 has them, for the clients of that revision: a `tools/call` with `task` returns
 * a task at once (`CreateTaskResult`) and the tool's work goes on; `tasks/get`, `tasks/result`, `tasks/list`
 * and `tasks/cancel` read and stop it; `notifications/tasks/status` tells a connected client of its progress
 * and end. SDK v2 dropped its experimental task layer (the methods are plain wire vocabulary there), so the
 * handlers are ours, over the companion's one McbridgeTaskStore.
 *
 * The work of a task runs through the same McpServer handler a plain call takes (argument validation,
 * output schema, the era's wire form), with the task's signal instead of the request's and the task's id in
 * `_meta` (`io.modelcontextprotocol/related-task`), where the tool reads it (tools/task-tools.ts).
 */
import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type Result,
  type ServerContext,
  type Task,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { McbridgeTaskStore } from './task-store.js';
import type { ToolsCallLayer } from './tools-call.js';

/** the `tasks` capability of 2025-11-25 */
export const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

const TaskParams = z.looseObject({ taskId: z.string() });
const ListParams = z.looseObject({ cursor: z.string().optional() });
const TaskAugmented = z.looseObject({ task: z.looseObject({ ttl: z.number().nullish() }).optional() });

/** the tools of each server that may run as a task */
const taskTools = new WeakMap<McpServer, Set<string>>();

export function markTaskTool(server: McpServer, name: string): void {
  const names = taskTools.get(server) ?? new Set<string>();
  names.add(name);
  taskTools.set(server, names);
}

/** The task this call works for, when it runs as one. */
export function relatedTaskId(ctx: ServerContext): string | undefined {
  const related = ctx.mcpReq._meta?.[RELATED_TASK_META_KEY] as { taskId?: unknown } | undefined;
  return typeof related?.taskId === 'string' ? related.taskId : undefined;
}

/** Tells the client of a task's status, when it is still there to hear it. */
export function notifyTaskStatus(server: McpServer, task: Task | null): void {
  if (!task || !server.isConnected()) return;
  void server.server
    .notification({ method: 'notifications/tasks/status', params: { ...task } })
    .catch(() => undefined);
}

/** the call's context without a related task in its `_meta`, as a client may send one */
function withoutTask(ctx: ServerContext): ServerContext {
  const meta = ctx.mcpReq._meta;
  if (!meta || !(RELATED_TASK_META_KEY in meta)) return ctx;
  const { [RELATED_TASK_META_KEY]: _claimed, ...rest } = meta;
  return { ...ctx, mcpReq: { ...ctx.mcpReq, _meta: rest } };
}

/** Runs a task-augmented call of a task tool as a task; every other call goes on as it came, as itself. */
export function taskLayer(server: McpServer, tasks: McbridgeTaskStore): ToolsCallLayer {
  return (next) => async (request, ctx) => {
    const augmented = TaskAugmented.safeParse(request.params);
    const wanted = augmented.success ? augmented.data.task : undefined;
    // a plain call never works for a task, whatever its `_meta` claims: only this layer names the task
    if (!wanted || !taskTools.get(server)?.has(request.params.name)) return next(request, withoutTask(ctx));
    const task = tasks.createTask({ ttl: wanted.ttl });
    const id = task.taskId;
    const { task: _asked, ...params } = request.params as typeof request.params & { task?: unknown };
    const taskCtx: ServerContext = {
      ...ctx,
      mcpReq: {
        ...ctx.mcpReq,
        signal: tasks.signal(id),
        _meta: { ...ctx.mcpReq._meta, [RELATED_TASK_META_KEY]: { taskId: id } },
      },
    };
    void (async () => {
      let result: Result;
      try {
        result = await next({ ...request, params }, taskCtx);
      } catch (err) {
        result = {
          content: [{ type: 'text', text: `${request.params.name} failed: ${String(err)}` }],
          isError: true,
        };
      }
      tasks.storeTaskResult(id, result.isError === true ? 'failed' : 'completed', result);
      notifyTaskStatus(server, tasks.getTask(id));
    })();
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

/** `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel`, over the companion's store. */
export function registerTaskMethods(server: McpServer, tasks: McbridgeTaskStore): void {
  const low = server.server;
  low.setRequestHandler('tasks/get', { params: TaskParams }, (p) => {
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
  low.setRequestHandler('tasks/cancel', { params: TaskParams }, (p) => {
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
}

/**
 * Tasks as protocol 2026-07-28 has them: the `io.modelcontextprotocol/tasks` extension (SEP-2663), in the
 * wire shapes of `@modelcontextprotocol/ext-tasks` (`core/v2`). For a request that declares the extension in
 * its client capabilities, a call of a task tool returns a `CreateTaskResult` at once (`resultType: "task"`,
 * the task's fields flat, `ttlMs`, `pollIntervalMs`) — the server decides, the client sends no `task`
 * param — and its work goes on (task-run.ts). `tasks/get` answers the task with its end inlined (`result`
 * when the tool answered, its errors included; `error` when the work threw), `tasks/cancel` and `tasks/update`
 * answer an empty acknowledgement. Without the extension a task tool runs as a plain call, and the task
 * methods are refused with -32021, naming the extension.
 *
 * The tasks live in the companion's one McbridgeTaskStore, as 2025-11-25's do: any server of this process
 * (one per 2026-07-28 request over HTTP) reads them, for their ttl, whether or not the client that started
 * one is still there. A cancelled task reads `working` ("cancelling") until its work has stopped, then
 * `cancelled` with what became of every command in its status message. Status notifications
 * (`notifications/tasks` on a `subscriptions/listen` stream) are not sent: a client polls `tasks/get`.
 */
import {
  TASKS_EXTENSION_ID_V2,
  hasTaskClientCapabilityV2,
  type CreateTaskResultV2,
  type DetailedTaskV2,
} from '@modelcontextprotocol/ext-tasks/core/v2';
import {
  type McpServer,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type ServerCapabilities,
  type ServerContext,
  type Task,
} from '@modelcontextprotocol/server';
import { isTaskTool, runDetached, withoutTask, withoutTaskParam } from './task-run.js';
import type { McbridgeTaskStore, TaskDetail } from './task-store.js';
import type { ToolsCallLayer } from './tools-call.js';

const MODERN = '2026-07-28';

/** A request of protocol 2026-07-28 or later: it carries the per-request `_meta` envelope. */
export function isModernRequest(ctx: ServerContext): boolean {
  return ctx.mcpReq.envelope !== undefined;
}

/** A server bound to protocol 2026-07-28 or later (the serving entry binds it before the first request). */
export function servesModernEra(server: McpServer): boolean {
  // the version this instance serves (deprecated for handlers, which read the per-request envelope instead)
  const version = server.server.getNegotiatedProtocolVersion();
  return version !== undefined && version >= MODERN;
}

/** The request declares the tasks extension in its client capabilities. */
function declaresTasks(ctx: ServerContext): boolean {
  return hasTaskClientCapabilityV2({ _meta: ctx.mcpReq.envelope ?? {} });
}

/** -32021 for a request without the extension, naming it */
function requireTasks(ctx: ServerContext, method: string): void {
  if (!declaresTasks(ctx))
    throw new MissingRequiredClientCapabilityError(
      { requiredCapabilities: { extensions: { [TASKS_EXTENSION_ID_V2]: {} } } },
      `${method} needs the ${TASKS_EXTENSION_ID_V2} extension in the request's client capabilities`,
    );
}

/**
 * The capabilities of each era: a server bound to 2026-07-28 advertises the tasks extension and neither
 * 2025-11-25's `tasks` nor `logging` (that revision replaced the one and deprecated the other); a 2025-11-25
 * session keeps both. Call after the server's capabilities are set.
 */
export function advertiseByEra(server: McpServer): void {
  const low = server.server;
  const own = low.getCapabilities.bind(low);
  low.getCapabilities = (): ServerCapabilities => {
    const all = own();
    if (!servesModernEra(server)) return all;
    const { tasks: _tasks, logging: _logging, ...modern } = all;
    return { ...modern, extensions: { ...modern.extensions, [TASKS_EXTENSION_ID_V2]: {} } };
  };
}

const unknownTask = (taskId: string) =>
  new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `task ${taskId} not found: it ended more than its ttl ago, or never existed`,
  );

/** the fields every task has on the wire of 2026-07-28 */
function base(task: Task) {
  return {
    taskId: task.taskId,
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: task.ttl ?? null,
    ...(task.pollInterval !== undefined ? { pollIntervalMs: task.pollInterval } : {}),
    ...(task.statusMessage !== undefined ? { statusMessage: task.statusMessage } : {}),
  };
}

/**
 * A task as `tasks/get` of 2026-07-28 gives it. A tool that answered with an error is `completed` with that
 * answer (`result.isError`); `failed` is for work that threw.
 */
export function detailedTask(detail: TaskDetail): DetailedTaskV2 {
  const { task } = detail;
  if (!detail.finished)
    return task.status === 'cancelled'
      ? {
          ...base(task),
          status: 'working',
          statusMessage:
            'cancelling: stopping after the commands already sent; the task reads cancelled once its work has stopped',
        }
      : { ...base(task), status: 'working' };
  if (task.status === 'cancelled') return { ...base(task), status: 'cancelled' };
  if (detail.error) return { ...base(task), status: 'failed', error: detail.error };
  // the tool's answer as a 2026-07-28 tools/call carries it, its `resultType` included
  const result = JSON.parse(JSON.stringify(detail.result ?? { content: [] })) as Record<string, never>;
  return { ...base(task), status: 'completed', result: { ...result, resultType: 'complete' } };
}

/**
 * Runs a call of a task tool from a 2026-07-28 client that declares the extension as a task; every other
 * call goes on to the next layer.
 */
export function modernTaskLayer(server: McpServer, tasks: McbridgeTaskStore): ToolsCallLayer {
  return (next) => async (request, ctx) => {
    if (!isModernRequest(ctx)) return next(request, ctx);
    // a plain call never works for a task, whatever its `_meta` claims; a `task` param promotes nothing
    if (!declaresTasks(ctx) || !isTaskTool(server, request.params.name))
      return next(withoutTaskParam(request), withoutTask(ctx));
    const task = tasks.createTask({});
    runDetached(next, request, ctx, tasks, task.taskId, () => undefined);
    const created: CreateTaskResultV2 = { ...base(task), status: 'working', resultType: 'task' };
    return created;
  };
}

export function getModernTask(tasks: McbridgeTaskStore, taskId: string, ctx: ServerContext): DetailedTaskV2 {
  requireTasks(ctx, 'tasks/get');
  const detail = tasks.detail(taskId);
  if (!detail) throw unknownTask(taskId);
  return detailedTask(detail);
}

/** Cancels a working task; a task that has ended is left as it is, and acknowledged alike. */
export function cancelModernTask(
  tasks: McbridgeTaskStore,
  taskId: string,
  ctx: ServerContext,
): Record<string, never> {
  requireTasks(ctx, 'tasks/cancel');
  const task = tasks.getTask(taskId);
  if (!task) throw unknownTask(taskId);
  if (task.status === 'working' || task.status === 'input_required')
    tasks.updateTaskStatus(taskId, 'cancelled');
  return {};
}

/** mcbridge's tools ask their client nothing: an answer is acknowledged and has nothing to resume. */
export function updateModernTask(
  tasks: McbridgeTaskStore,
  taskId: string,
  ctx: ServerContext,
): Record<string, never> {
  requireTasks(ctx, 'tasks/update');
  if (!tasks.getTask(taskId)) throw unknownTask(taskId);
  return {};
}

/**
 * What both eras' tasks share: which tools may run as one, and how the work of a task-augmented call runs
 * detached from the request that started it. The work goes through the same McpServer handler a plain call
 * takes (argument validation, output schema), with the task's signal instead of the request's and the task's
 * id in `_meta` (`io.modelcontextprotocol/related-task`), where the tool reads it (tools/task-tools.ts). That
 * `_meta` is this process's own: it is never sent, and a client's claim to it is dropped (`withoutTask`).
 */
import {
  type CallToolRequest,
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type Result,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { McbridgeTaskStore, TaskError } from './task-store.js';
import type { ToolsCallHandler } from './tools-call.js';

/** the tools of each server that may run as a task */
const taskTools = new WeakMap<McpServer, Set<string>>();

export function markTaskTool(server: McpServer, name: string): void {
  const names = taskTools.get(server) ?? new Set<string>();
  names.add(name);
  taskTools.set(server, names);
}

export function isTaskTool(server: McpServer, name: string): boolean {
  return taskTools.get(server)?.has(name) === true;
}

/** The task this call works for, when it runs as one. */
export function relatedTaskId(ctx: ServerContext): string | undefined {
  const related = ctx.mcpReq._meta?.[RELATED_TASK_META_KEY] as { taskId?: unknown } | undefined;
  return typeof related?.taskId === 'string' ? related.taskId : undefined;
}

/** the call's context without a related task in its `_meta`, as a client may send one */
export function withoutTask(ctx: ServerContext): ServerContext {
  const meta = ctx.mcpReq._meta;
  if (!meta || !(RELATED_TASK_META_KEY in meta)) return ctx;
  const { [RELATED_TASK_META_KEY]: _claimed, ...rest } = meta;
  return { ...ctx, mcpReq: { ...ctx.mcpReq, _meta: rest } };
}

/** The request without the `task` member a 2025-11-25 client adds to ask for a task. */
export function withoutTaskParam(request: CallToolRequest): CallToolRequest {
  if (!('task' in request.params)) return request;
  const { task: _asked, ...params } = request.params as typeof request.params & { task?: unknown };
  return { ...request, params };
}

/**
 * Starts the work of task `id` and returns at once; the work's answer (or the error it threw) is stored in
 * the task store, then `ended` is told. It runs on after the request that started it has been answered.
 */
export function runDetached(
  next: ToolsCallHandler,
  request: CallToolRequest,
  ctx: ServerContext,
  tasks: McbridgeTaskStore,
  id: string,
  ended: () => void,
): void {
  const taskCtx: ServerContext = {
    ...ctx,
    mcpReq: {
      ...ctx.mcpReq,
      signal: tasks.signal(id),
      _meta: { ...withoutTask(ctx).mcpReq._meta, [RELATED_TASK_META_KEY]: { taskId: id } },
    },
  };
  void (async () => {
    let result: Result;
    let error: TaskError | undefined;
    try {
      result = await next(withoutTaskParam(request), taskCtx);
    } catch (err) {
      error =
        err instanceof ProtocolError
          ? { code: err.code, message: err.message }
          : { code: ProtocolErrorCode.InternalError, message: String(err) };
      result = {
        content: [{ type: 'text', text: `${request.params.name} failed: ${error.message}` }],
        isError: true,
      };
    }
    tasks.storeTaskResult(id, result.isError === true ? 'failed' : 'completed', result, error);
    ended();
  })();
}

/**
 * Layers around the `tools/call` handler that McpServer installs, each seeing the request before the tool's
 * own validation and handler (arguments that are not an object; a task-augmented call of protocol
 * 2025-11-25). McpServer registers that handler on its low-level Server when the first tool is registered;
 * `layerToolsCall` wraps the Server's public `setRequestHandler` so that the handler arrives layered. Call it
 * before the first `registerTool`.
 */
import type { CallToolRequest, McpServer, Result, ServerContext } from '@modelcontextprotocol/server';

export type ToolsCallHandler = (request: CallToolRequest, ctx: ServerContext) => Promise<Result>;
export type ToolsCallLayer = (next: ToolsCallHandler) => ToolsCallHandler;

export function layerToolsCall(server: McpServer, ...layers: ToolsCallLayer[]): void {
  const low = server.server;
  const set = low.setRequestHandler.bind(low) as (method: string, ...rest: unknown[]) => void;
  low.setRequestHandler = ((method: string, ...rest: unknown[]) => {
    if (method !== 'tools/call' || rest.length !== 1) return set(method, ...rest);
    const own = rest[0] as (request: CallToolRequest, ctx: ServerContext) => Result | Promise<Result>;
    const handler = layers.reduceRight<ToolsCallHandler>(
      (next, layer) => layer(next),
      async (request, ctx) => own(request, ctx),
    );
    return set(method, handler);
  }) as typeof low.setRequestHandler;
}

/**
 * A layer that tells `started` when a tool call starts and, through the function it returns, when the call's
 * handler is done (its answer is written right after). Innermost, it sees a task's detached run too.
 */
export const aroundEachCall =
  (started: () => () => void): ToolsCallLayer =>
  (next) =>
  async (request, ctx) => {
    const answered = started();
    try {
      return await next(request, ctx);
    } finally {
      answered();
    }
  };

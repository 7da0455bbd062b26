import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { CompleteRequest, CompleteResult, McpServer, ServerContext } from '@modelcontextprotocol/server';
import type { ToolDeps } from '../tools/deps.js';
import { registerConnectionResources } from './connections.js';
import { registerGuideResource } from './guide.js';
import { registerJobResources } from './jobs.js';
import { registerStructureResources } from './structures.js';
import { Subscriptions } from './subscriptions.js';
import { registerViewerResource } from './viewer.js';

export function registerAllResources(
  server: McpServer,
  deps: ToolDeps,
  era: 'legacy' | 'modern' = 'legacy',
): () => void {
  // before the first completable template here and the prompts after these
  completeUnknownReferencesToNothing(server);
  const subscriptions = new Subscriptions(server, era);
  const stops = [registerStructureResources(server, deps.structures, deps.targets)];
  registerConnectionResources(server, deps.targets, deps.viewer);
  registerGuideResource(server);
  if (deps.viewer) registerViewerResource(server, deps.viewer);
  if (deps.jobs) stops.push(registerJobResources(server, deps.jobs, subscriptions));
  return () => stops.forEach((stop) => stop());
}

type CompleteHandler = (request: CompleteRequest, ctx: ServerContext) => Promise<CompleteResult>;

/**
 * Completion is a hint: a reference to a prompt or template this server does not have completes to nothing
 * (the SDK's handler answers -32602). McpServer installs its `completion/complete` handler on its low-level
 * Server with the first completable prompt or template; the Server's public `setRequestHandler` is wrapped
 * so that the handler arrives wrapped, as tools-call.ts layers `tools/call`. Call it before registering them.
 */
export function completeUnknownReferencesToNothing(server: McpServer): void {
  const low = server.server;
  const set = low.setRequestHandler.bind(low) as (method: string, ...rest: unknown[]) => void;
  low.setRequestHandler = ((method: string, ...rest: unknown[]) => {
    if (method !== 'completion/complete' || rest.length !== 1) return set(method, ...rest);
    const own = rest[0] as CompleteHandler;
    const handler: CompleteHandler = async (request, ctx) => {
      try {
        return await own(request, ctx);
      } catch (err) {
        if (
          err instanceof ProtocolError &&
          err.code === ProtocolErrorCode.InvalidParams &&
          /not found/i.test(err.message)
        )
          return { completion: { values: [], hasMore: false } };
        throw err;
      }
    };
    return set(method, handler);
  }) as typeof low.setRequestHandler;
}

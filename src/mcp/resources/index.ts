import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { McpServer } from '@modelcontextprotocol/server';
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
  const subscriptions = new Subscriptions(server, era);
  const stops = [registerStructureResources(server, deps.structures)];
  registerConnectionResources(server, deps.targets, deps.viewer);
  registerGuideResource(server);
  if (deps.viewer) registerViewerResource(server, deps.viewer);
  if (deps.jobs) stops.push(registerJobResources(server, deps.jobs, subscriptions));
  return () => stops.forEach((stop) => stop());
}

type Handler = (request: unknown, extra: unknown) => Promise<unknown>;

/**
 * Completion is a hint: a reference to a prompt or template this server does not have completes to nothing
 * (the SDK answers with an error). Call after every prompt and template is registered.
 */
export function completeUnknownReferencesToNothing(server: McpServer): void {
  const handlers = (server.server as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers;
  const sdkHandler = handlers.get('completion/complete');
  if (!sdkHandler) return;
  server.server.setRequestHandler('completion/complete', async (request, ctx) => {
    try {
      return (await sdkHandler(request, ctx)) as { completion: { values: string[] } };
    } catch (err) {
      if (
        err instanceof ProtocolError &&
        err.code === ProtocolErrorCode.InvalidParams &&
        /not found/i.test(err.message)
      )
        return { completion: { values: [], hasMore: false } };
      throw err;
    }
  });
}

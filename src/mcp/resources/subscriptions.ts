/**
 * `resources/subscribe` and `resources/unsubscribe` (the SDK's McpServer leaves them to the server): one
 * set of subscribed URIs per MCP session; `updated(uri)` sends `notifications/resources/updated` when the
 * client subscribed to it. Any URI may be subscribed — a job's URI before the job has started, too.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export class Subscriptions {
  private readonly uris = new Set<string>();

  constructor(private readonly server: McpServer) {
    const low = server.server;
    low.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
    low.setRequestHandler(SubscribeRequestSchema, (request) => {
      this.uris.add(request.params.uri);
      return {};
    });
    low.setRequestHandler(UnsubscribeRequestSchema, (request) => {
      this.uris.delete(request.params.uri);
      return {};
    });
  }

  has(uri: string): boolean {
    return this.uris.has(uri);
  }

  updated(uri: string): void {
    if (!this.uris.has(uri) || !this.server.isConnected()) return;
    this.server.server.sendResourceUpdated({ uri }).catch(() => undefined);
  }
}

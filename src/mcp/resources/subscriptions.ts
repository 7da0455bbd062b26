import type { McpServer } from '@modelcontextprotocol/server';

export class Subscriptions {
  private readonly uris = new Set<string>();

  constructor(private readonly server: McpServer) {
    const low = server.server;
    low.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
    low.setRequestHandler('resources/subscribe', (request) => {
      this.uris.add(request.params.uri);
      return {};
    });
    low.setRequestHandler('resources/unsubscribe', (request) => {
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

/**
 * Resource subscriptions: `resources/subscribe` and `resources/unsubscribe` of 2025 clients, and which
 * resource updates this server sends.
 */
import type { McpServer } from '@modelcontextprotocol/server';

export class Subscriptions {
  private readonly uris = new Set<string>();

  constructor(
    private readonly server: McpServer,
    private readonly era: 'legacy' | 'modern' = 'legacy',
  ) {
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

  /**
   * A 2025 client hears the URIs it subscribed to. A 2026-07-28 connection hears every update: its entry
   * (`serveStdio`) passes each to the `subscriptions/listen` streams that name the URI, and drops the rest;
   * over HTTP a 2026 server lives for one request and sends nothing unrelated to it (listen-news.ts).
   */
  updated(uri: string): void {
    if (!(this.era === 'modern' || this.uris.has(uri)) || !this.server.isConnected()) return;
    this.server.server.sendResourceUpdated({ uri }).catch(() => undefined);
  }
}

/**
 * Resource `mcbridge://viewer` (only when `--viewer-port` started the live 3D viewer): its address and the
 * connection whose bot it follows, so a client can offer the user a link.
 */
import type { McpServer } from '@modelcontextprotocol/server';

export const VIEWER_URI = 'mcbridge://viewer';

export function registerViewerResource(server: McpServer, viewer: { url: string; connection: string }): void {
  server.registerResource(
    'viewer',
    VIEWER_URI,
    {
      title: 'Live 3D viewer',
      description: `A live 3D view of the world around the bot of "${viewer.connection}", for the user to open in a browser: ${viewer.url}`,
      mimeType: 'application/json',
    },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify({ url: viewer.url, connection: viewer.connection }),
        },
      ],
    }),
  );
}

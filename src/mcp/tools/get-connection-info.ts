/** Tool `get_connection_info`: where commands go and what the server can do. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';

export const ConnectionInfoOutput = z.object({
  connection: z.string(),
  state: z.enum(['idle', 'connecting', 'ready', 'reconnecting', 'down']),
  reason: z.string().optional(),
  backend: z.string(),
  server: z.string(),
  version: z.string().nullable(),
  username: z.string().nullable(),
  op: z.boolean().nullable(),
  captureStrategy: z.enum(['fenced', 'serial']).nullable(),
  feedbackEnabled: z.boolean().nullable(),
  keyedFeedback: z.boolean().nullable(),
  viewerUrl: z
    .string()
    .optional()
    .describe('a live 3D view of the world around this bot, for the user to open in a browser'),
});

export function registerGetConnectionInfoTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'get_connection_info',
    {
      title: 'Connection info',
      description:
        'Show the Minecraft server a connection talks to: address, version, whether the bot is an operator, how command output is captured (fenced = exact, serial = best effort) and whether sendCommandFeedback is on. Connects if not yet connected.',
      inputSchema: z.object({
        target: z.string().optional().describe('connection name; default: the configured default'),
      }),
      outputSchema: ConnectionInfoOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args, extra) => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'get_connection_info', extra.requestId);
      try {
        const session = await target.get();
        const info = session.info();
        const state = target.state;
        const out: z.infer<typeof ConnectionInfoOutput> = {
          connection: target.description.name,
          state: state.state,
          ...(state.state === 'down' || state.state === 'reconnecting' ? { reason: state.reason } : {}),
          backend: info.backend,
          server: info.server,
          version: info.version,
          username: info.username,
          op: info.op,
          captureStrategy: info.captureStrategy,
          feedbackEnabled: info.feedbackEnabled,
          keyedFeedback: info.keyedFeedback,
          ...(deps.viewer?.connection === target.description.name ? { viewerUrl: deps.viewer.url } : {}),
        };
        let text = `${out.connection}: ${out.backend} → ${out.server} (Minecraft ${out.version}) as ${out.username}; op: ${out.op ?? 'unknown'}; capture: ${out.captureStrategy}; sendCommandFeedback: ${out.feedbackEnabled ?? 'unknown'}`;
        if (out.viewerUrl)
          text += `\nlive 3D viewer: ${out.viewerUrl} (the user can open it in a browser to watch the build)`;
        return toolResult(out, text, context());
      } catch (err) {
        return toolError(err, context());
      }
    },
  );
}

/** Tool `list_connections`: every named connection with its state, without connecting anything. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { SERVICE_META_KEY } from '../results.js';
import type { ToolDeps } from './deps.js';

export const ListConnectionsOutput = z.object({
  defaultConnection: z.string(),
  connections: z.array(
    z.object({
      name: z.string(),
      default: z.boolean(),
      backend: z.string(),
      server: z.string(),
      state: z.enum(['idle', 'connecting', 'ready', 'reconnecting', 'down']),
      reason: z.string().optional(),
      attempt: z.number().int().optional(),
      nextAttemptAt: z.string().optional(),
      version: z.string().nullable(),
      username: z.string().nullable(),
      op: z.boolean().nullable(),
      captureStrategy: z.enum(['fenced', 'serial']).nullable(),
    }),
  ),
});

export function registerListConnectionsTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'list_connections',
    {
      title: 'List connections',
      description:
        'List the named connections of this companion (a server through a bot, your own game through the mod) with their state; pass a name as `target` to other tools.',
      inputSchema: z.object({}),
      outputSchema: ListConnectionsOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (_args, ctx) => {
      const connections = deps.targets.all().map((t) => {
        const live = t.peek();
        const info = live?.info();
        const state = t.state;
        return {
          name: t.description.name,
          default: t.description.name === deps.targets.defaultName,
          backend: t.description.backend,
          server: info?.server ?? t.description.server,
          state: state.state,
          ...('reason' in state ? { reason: state.reason } : {}),
          ...(state.state === 'reconnecting'
            ? { attempt: state.attempt, nextAttemptAt: state.nextAttemptAt }
            : {}),
          version: info?.version ?? null,
          username: info?.username ?? null,
          op: info?.op ?? null,
          captureStrategy: info?.captureStrategy ?? null,
        };
      });
      const out = { defaultConnection: deps.targets.defaultName, connections };
      const text = connections
        .map(
          (c) =>
            `${c.default ? '*' : ' '} ${c.name}: ${c.backend} → ${c.server} — ${c.state}${c.reason ? ` (${c.reason})` : ''}`,
        )
        .join('\n');
      const _meta = {
        [SERVICE_META_KEY]: {
          connection: deps.targets.defaultName,
          backend: 'companion',
          server: 'companion',
          version: null,
          tool: 'list_connections',
          requestId: ctx.mcpReq.id,
        },
      };
      return { structuredContent: out, content: [{ type: 'text', text, _meta }], _meta };
    },
  );
}

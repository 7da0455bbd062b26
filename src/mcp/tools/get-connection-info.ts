/**
 * Tool `get_connection_info`: where commands go, what the server can do, where the bot stands and which
 * operator policy applies — everything an LLM needs before its first command.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { BotPlaceSchema, botPlace } from '../../connection/where.js';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';
import { placeText, PolicySchema, policySummary, policyText } from './connection-info-text.js';

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
  /** where the bot stands now (absent when the connection does not know) */
  bot: BotPlaceSchema.optional(),
  /** the operator's safety policy that every execute_commands call is checked against */
  policy: PolicySchema,
});

export function registerGetConnectionInfoTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'get_connection_info',
    {
      title: 'Connection info',
      description:
        "Show the Minecraft server a connection talks to: address, version, whether the bot is an operator, how command output is captured (fenced = exact, serial = best effort) and whether sendCommandFeedback is on. Also where the bot stands (exact and block position, dimension, facing, the world's min/max y, the ground height under it, the box of loaded chunks) and the operator's policy (allowed commands, build zones, limits). Call it before the first command: `~` coordinates resolve from the bot's position. Connects if not yet connected.",
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
        // read in the queue: after every earlier batch (and its teleports) has finished
        const bot = await session.exclusive(async () => botPlace(session.channel));
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
          ...(bot ? { bot } : {}),
          policy: policySummary(deps.safety),
        };
        const text = [
          `${out.connection}: ${out.backend} → ${out.server} (Minecraft ${out.version}) as ${out.username}; op: ${out.op ?? 'unknown'}; capture: ${out.captureStrategy}; sendCommandFeedback: ${out.feedbackEnabled ?? 'unknown'}`,
          bot ? placeText(bot) : 'bot position: unknown on this connection',
          policyText(out.policy),
        ].join('\n');
        return toolResult(out, text, context());
      } catch (err) {
        return toolError(err, context());
      }
    },
  );
}

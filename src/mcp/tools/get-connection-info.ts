/**
 * Tool `get_connection_info`: where commands go, what the server can do, where the bot stands and which
 * operator policy applies — everything an LLM needs before its first command.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { opAdvice } from '../../connection/news.js';
import type { ConnectionTarget } from '../../connection/target.js';
import { SignInError, SignInRequiredError } from '../../vocabulary/errors.js';
import { BotPlaceSchema, botPlace } from '../../connection/where.js';
import { type ServiceContext, serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';
import { TargetArg } from './shared-schemas.js';
import {
  placeText,
  PolicySchema,
  policySummary,
  policyText,
  type SignInMode,
  SignInModeSchema,
  signInModeText,
} from './connection-info-text.js';

/** Microsoft when the connection signs in there, the client's own account over the bridge, else offline. */
const signInMode = (target: ConnectionTarget): SignInMode =>
  target.signIn ? 'microsoft' : target.description.backend === 'bridge' ? 'client' : 'offline';

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
  /** how the player signs in: offline (a bare name), microsoft (an account), client (the bridged client's own) */
  signInMode: SignInModeSchema,
  /** for a connection that signs in to Microsoft: signed out, waiting for the code to be entered, signed in */
  signIn: z
    .object({
      state: z.enum(['signed_out', 'signing_in', 'waiting_for_code', 'signed_in', 'failed']),
      url: z.string().optional(),
      code: z.string().optional(),
      expiresAt: z.string().optional(),
      username: z.string().optional(),
      reason: z.string().optional(),
    })
    .optional(),
  /** why block reads (verification, undo, renders) are off on this connection, when they are */
  blockReadsOff: z.string().optional(),
  /** what to do next when the connection cannot be used as it is */
  advice: z.string().optional(),
  /** `minecraft:brand`, e.g. `Paper`, `vanilla`; null until the server says it */
  serverBrand: z.string().nullable(),
  /** the packet limit commands are paced under (null: none); see packetLimitSource */
  packetLimit: z.object({ rate: z.number(), seconds: z.number() }).nullable(),
  /** flag (--packet-limit), config (packetLimit of the connection), brand (the server family's default); null: not counted (bridge) */
  packetLimitSource: z.enum(['flag', 'config', 'brand']).nullable(),
  packetLimitBasis: z.string().nullable(),
  /**
   * vanilla's command spam kick (server.properties command-spam-threshold-seconds) as it applies to this
   * player: `paced` when commands are slowed to stay under it; null when this connection does not count
   */
  commandSpam: z
    .object({
      /** the server's threshold in seconds; null: this server does not kick for command spam */
      thresholdSeconds: z.number().nullable(),
      /** operators are never kicked for spam */
      exempt: z.boolean(),
      paced: z.boolean(),
      /** flag (--command-spam-threshold), config (commandSpamThreshold), server (its default) */
      source: z.enum(['flag', 'config', 'server']),
      basis: z.string(),
    })
    .nullable(),
  viewerUrl: z
    .string()
    .optional()
    .describe('a live 3D view of the world around this bot, for the user to open in a browser'),
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
        'Show the server a connection talks to (version, operator, capture), where the bot stands (position, ground height, loaded chunks) and the safety policy. Call it before the first command: `~` resolves from the bot.',
      inputSchema: z.object({
        target: TargetArg,
      }),
      outputSchema: ConnectionInfoOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args, ctx) => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'get_connection_info', ctx.mcpReq.id);
      const signIn = target.signIn ? { signIn: { ...target.signIn.state } } : {};
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
          signInMode: signInMode(target),
          serverBrand: info.serverBrand,
          packetLimit: info.packetLimit?.limit ?? null,
          packetLimitSource: info.packetLimit?.source ?? null,
          packetLimitBasis: info.packetLimit?.basis ?? null,
          commandSpam: info.commandThrottle
            ? {
                thresholdSeconds: info.commandThrottle.seconds,
                exempt: info.commandThrottle.exempt,
                paced: info.commandThrottle.paced,
                source: info.commandThrottle.source,
                basis: info.commandThrottle.basis,
              }
            : null,
          ...(target.signIn ? { signIn: { ...target.signIn.state } } : {}),
          // an operator, or every player on a LAN world with cheats on, may run commands: no advice then
          ...(info.op === false ? { advice: opAdvice(info.username) } : {}),
          ...(info.blockReadsOff ? { blockReadsOff: info.blockReadsOff } : {}),
          ...(deps.viewer?.connection === target.description.name ? { viewerUrl: deps.viewer.url } : {}),
          ...(bot ? { bot } : {}),
          policy: policySummary(deps.safety),
        };
        const signedInAs = out.signIn?.state === 'signed_in' ? out.signIn.username : undefined;
        const text = [
          `${out.connection}: ${out.backend} → ${out.server} (Minecraft ${out.version}) as ${out.username}; op: ${out.op ?? 'unknown'}; capture: ${out.captureStrategy}; sendCommandFeedback: ${out.feedbackEnabled ?? 'unknown'}`,
          signInModeText(out.signInMode, signedInAs),
          ...(out.advice ? [`The bot may not run commands: ${out.advice}`] : []),
          ...(out.blockReadsOff ? [`Note: ${out.blockReadsOff}`] : []),
          bot ? placeText(bot) : 'bot position: unknown on this connection',
          policyText(out.policy),
          packetLimitText(out),
          ...(out.commandSpam ? [commandSpamText(out.commandSpam)] : []),
          ...(out.viewerUrl
            ? [`live 3D viewer: ${out.viewerUrl} (the user can open it in a browser to watch the build)`]
            : []),
        ].join('\n');
        return toolResult(out, text, context());
      } catch (err) {
        if (err instanceof SignInRequiredError || err instanceof SignInError)
          return signInPending(target, err, signIn, policySummary(deps.safety), context());
        return toolError(err, context());
      }
    },
  );
}

/** Not connected because of the Microsoft sign-in: still a useful answer, with what to do. */
function signInPending(
  target: ConnectionTarget,
  err: SignInRequiredError | SignInError,
  signIn: { signIn?: z.infer<typeof ConnectionInfoOutput>['signIn'] },
  policy: z.infer<typeof PolicySchema>,
  context: ServiceContext,
) {
  const state = target.state;
  const out: z.infer<typeof ConnectionInfoOutput> = {
    connection: target.description.name,
    state: state.state,
    ...(state.state === 'down' || state.state === 'reconnecting' ? { reason: state.reason } : {}),
    backend: target.description.backend,
    server: target.description.server,
    version: null,
    username: null,
    op: null,
    captureStrategy: null,
    feedbackEnabled: null,
    keyedFeedback: null,
    signInMode: signInMode(target),
    serverBrand: null,
    packetLimit: null,
    packetLimitSource: null,
    packetLimitBasis: null,
    commandSpam: null,
    policy,
    signIn: { ...(target.signIn?.state ?? signIn.signIn ?? { state: 'signed_out' as const }) },
    advice: err.message,
  };
  const text =
    err instanceof SignInRequiredError
      ? `${out.connection}: WAITING FOR MICROSOFT SIGN-IN. Open ${err.url} and enter the code ${err.code} (valid until ${err.expiresAt}); then call get_connection_info again — the connection is made as soon as the sign-in completes.`
      : `${out.connection}: Microsoft sign-in failed: ${err.message}`;
  return toolResult(out, text, context);
}

function packetLimitText(out: z.infer<typeof ConnectionInfoOutput>): string {
  const brand = `server brand: ${out.serverBrand ?? 'not announced'}`;
  if (out.packetLimitSource === null) return `${brand}; packet limit: not managed on this backend`;
  const limit = out.packetLimit
    ? `${out.packetLimit.rate} packets/s over ${out.packetLimit.seconds} s (commands are paced to stay under 90% of it)`
    : 'none (full speed)';
  return `${brand}; packet limit: ${limit}, from ${out.packetLimitSource}: ${out.packetLimitBasis}`;
}

function commandSpamText(c: NonNullable<z.infer<typeof ConnectionInfoOutput>['commandSpam']>): string {
  const how = c.paced
    ? 'commands are paced to stay under it (a burst, then about one per second)'
    : c.exempt
      ? 'not paced: operators are never kicked for spam'
      : 'not paced';
  return `command spam kick: ${c.thresholdSeconds === null ? 'none' : `${c.thresholdSeconds} s`}; ${how} (${c.basis})`;
}

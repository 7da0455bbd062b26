/**
 * The mod-bridge wire protocol (see mod-bridge/PROTOCOL.md): JSON text frames over a WebSocket that the
 * mod (or the headless peer) opens to the companion. One zod schema per message; types from z.infer.
 */
import { z } from 'zod';

export const PROTOCOL_VERSION = 1;

const Position = z.object({
  x: z.number(),
  y: z.number(),
  z: z.number(),
  yaw: z.number(),
  pitch: z.number(),
});
const BlockPos = z.object({ x: z.number().int(), y: z.number().int(), z: z.number().int() });

/** mod → companion, first frame */
export const HelloSchema = z.object({
  type: z.literal('hello'),
  protocol: z.number().int(),
  token: z.string(),
  /** connection name this game serves (default "default") */
  name: z.string().min(1).max(64).default('default'),
  client: z.object({
    kind: z.enum(['fabric-mod', 'headless-peer']),
    version: z.string(),
    minecraft: z.string(),
  }),
});

/** companion → mod, after a valid hello */
export const WelcomeSchema = z.object({
  type: z.literal('welcome'),
  protocol: z.number().int(),
  session: z.string(),
  heartbeatMs: z.number().int().positive(),
});

/** either way; the sender closes the socket after it */
export const ErrorSchema = z.object({
  type: z.literal('error'),
  code: z.enum(['bad_token', 'protocol_mismatch', 'name_in_use', 'bad_message', 'not_in_world', 'internal']),
  message: z.string(),
});

/** companion → mod: send this chat command (no leading slash) on the client thread, in order */
export const RunSchema = z.object({
  type: z.literal('run'),
  seq: z.number().int().nonnegative(),
  command: z.string(),
});

/** mod → companion: command `seq` was handed to the game's network connection */
export const SentSchema = z.object({ type: z.literal('sent'), seq: z.number().int().nonnegative() });

/** mod → companion: command `seq` could not be sent (not in a world, …) */
export const RefusedSchema = z.object({
  type: z.literal('refused'),
  seq: z.number().int().nonnegative(),
  reason: z.string(),
});

/** mod → companion: a line the game received, as its JSON text component (translate keys preserved) */
export const MessageSchema = z.object({
  type: z.literal('message'),
  component: z.unknown(),
  overlay: z.boolean(),
});

/** mod → companion: where the game is; sent on every change and on request */
export const StateSchema = z.object({
  type: z.literal('state'),
  inWorld: z.boolean(),
  /** e.g. "title", "world", "connecting" */
  screen: z.string(),
  server: z.string().nullable(),
  player: z.string().nullable(),
  /** permission level >= 2, when the game knows */
  op: z.boolean().nullable(),
  minecraft: z.string(),
  position: Position.nullable(),
});

/** companion → mod: read the blocks of a box (at most 32,768) as the client sees them */
export const ReadBlocksSchema = z.object({
  type: z.literal('read_blocks'),
  id: z.number().int(),
  from: BlockPos,
  to: BlockPos,
});

/** mod → companion: one state key per position (x fastest, then z, then y), or "unloaded" */
export const BlocksSchema = z.object({
  type: z.literal('blocks'),
  id: z.number().int(),
  states: z.array(z.string()),
});

export const PingSchema = z.object({ type: z.literal('ping'), t: z.number() });
export const PongSchema = z.object({ type: z.literal('pong'), t: z.number() });

export const ModToCompanionSchema = z.discriminatedUnion('type', [
  HelloSchema,
  SentSchema,
  RefusedSchema,
  MessageSchema,
  StateSchema,
  BlocksSchema,
  PingSchema,
  PongSchema,
  ErrorSchema,
]);
export const CompanionToModSchema = z.discriminatedUnion('type', [
  WelcomeSchema,
  RunSchema,
  ReadBlocksSchema,
  PingSchema,
  PongSchema,
  ErrorSchema,
]);

export type Hello = z.infer<typeof HelloSchema>;
export type BridgeState = z.infer<typeof StateSchema>;
export type ModToCompanion = z.infer<typeof ModToCompanionSchema>;
export type CompanionToMod = z.infer<typeof CompanionToModSchema>;

/** WebSocket close codes the companion uses */
export const CLOSE = {
  badToken: 4001,
  protocolMismatch: 4002,
  originRefused: 4003,
  nameInUse: 4009,
  heartbeatLost: 4008,
  badMessage: 4000,
} as const;

/** The fence key; the mod hides lines with it from the player's chat (still forwarding them). */
export const FENCE_TRANSLATION_KEY = 'mcbridge.fence';

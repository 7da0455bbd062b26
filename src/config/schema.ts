/**
 * The companion's config file: named connections, the default one, and where the safety policy, the
 * bridge and the HTTP transport live. Path by `--config` or `MCBRIDGE_CONFIG`. See docs/configuration.md.
 */
import { z } from 'zod';
import { CommandSpamTextSchema } from '../connection/command-throttle.js';
import { PacketLimitTextSchema } from '../connection/server-limits.js';

const Name = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, _ and -, at most 32');

export const MineflayerConnectionSchema = z
  .strictObject({
    backend: z.literal('mineflayer'),
    host: z.string().default('127.0.0.1'),
    port: z.number().int().min(1).max(65535).default(25565),
    /** the player name (offline), or the Microsoft account the tokens are kept under (microsoft) */
    username: z.string().min(1).max(254).default('mcbridge'),
    /** default: detected from the server */
    version: z.string().optional(),
    auth: z.enum(['offline', 'microsoft']).default('offline'),
    /** `<rate>/<seconds>` or `off`; default: by the server's brand (docs/usage.md, "Paper and other servers") */
    packetLimit: PacketLimitTextSchema.optional(),
    /** the server's command-spam-threshold-seconds when changed from 10, or `off` (docs/usage.md) */
    commandSpamThreshold: CommandSpamTextSchema.optional(),
  })
  .refine((c) => c.auth === 'microsoft' || c.username.length <= 16, {
    message: 'a player name has at most 16 characters (with "auth": "microsoft" it may be an e-mail address)',
    path: ['username'],
  });

export const EmbeddedConnectionSchema = z.strictObject({
  backend: z.literal('embedded'),
  username: z.string().min(1).max(16).default('mcbridge'),
  /** default: any free port */
  port: z.number().int().min(0).max(65535).optional(),
  /** `<rate>/<seconds>` or `off`; default: by the server's brand */
  packetLimit: PacketLimitTextSchema.optional(),
  /** the world's command-spam-threshold-seconds, or `off` (the embedded world has no such kick) */
  commandSpamThreshold: CommandSpamTextSchema.optional(),
});

export const BridgeConnectionSchema = z.strictObject({
  backend: z.literal('bridge'),
  /** the server's command-spam-threshold-seconds when changed from 10, or `off` (docs/usage.md) */
  commandSpamThreshold: CommandSpamTextSchema.optional(),
});

export const ConnectionConfigSchema = z.discriminatedUnion('backend', [
  MineflayerConnectionSchema,
  EmbeddedConnectionSchema,
  BridgeConnectionSchema,
]);

export const CompanionConfigSchema = z
  .strictObject({
    $schema: z.string().optional(),
    defaultConnection: Name.optional(),
    connections: z
      .record(Name, ConnectionConfigSchema)
      .refine((c) => Object.keys(c).length > 0, 'at least one connection'),
    /** path of the safety policy file (docs/safety.md); relative paths are relative to this file */
    safetyConfig: z.string().optional(),
    /**
     * directories besides the structures directory that place/save/compare_structure may read and write
     * structure files (.schem, .nbt, .litematic) in; relative paths are relative to this file
     */
    structureDirs: z.array(z.string().min(1)).optional(),
    bridge: z
      .strictObject({
        host: z.string().default('127.0.0.1'),
        port: z.number().int().min(0).max(65535).default(25580),
      })
      .optional(),
    http: z
      .strictObject({
        host: z.string().default('127.0.0.1'),
        port: z.number().int().min(0).max(65535).default(8787),
        /** browser origins allowed to call (default none: only non-browser clients) */
        allowedOrigins: z.array(z.string()).default([]),
        /** a session without a request for this long ends */
        idleMinutes: z.number().positive().optional(),
        /** sessions open at once */
        maxSessions: z.number().int().min(1).optional(),
      })
      .optional(),
  })
  .refine((c) => c.defaultConnection === undefined || c.defaultConnection in c.connections, {
    message: 'defaultConnection must name one of the connections',
    path: ['defaultConnection'],
  });

export type CompanionConfig = z.infer<typeof CompanionConfigSchema>;
export type ConnectionConfig = z.infer<typeof ConnectionConfigSchema>;

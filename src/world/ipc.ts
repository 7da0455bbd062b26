/** Messages between the parent (startWorld) and the world child process. */
import type { PaperLikeOptions } from './paper-like.js';
import type { Template } from './templates.js';
import type { VanillaSpamOptions } from './vanilla-spam.js';

export interface WorldProcessOptions {
  host: string;
  port: number;
  version: string;
  ops: string[];
  viewDistance: number;
  motd: string;
  /** false: stock flying-squid, without the vanilla-parity plugin (the "foreign server" of tests) */
  parity: boolean;
  /** tests and bench only: brand `Paper` and Paper's packet limiter (paper-like.ts) */
  paperLike?: PaperLikeOptions;
  /** tests only: vanilla's command spam kick (vanilla-spam.ts) */
  vanillaSpam?: VanillaSpamOptions;
}

export type ParentToWorld =
  | { type: 'op'; name: string }
  | { type: 'deop'; name: string }
  | { type: 'stop' }
  /** disconnect a player with a reason, as a server admin's /kick would */
  | { type: 'kick'; name: string; reason: string }
  /** test hook: throw inside the world's event loop, as a flying-squid bug would */
  | { type: 'simulate-crash' }
  /** bench and diagnostics: where the world process's memory is */
  | { type: 'memory' }
  /** answer with `view-delivered` once the player is in and its client holds every chunk of its view */
  | { type: 'view-delivered'; name: string }
  /** the answer to a template-request: null when the parent has no such template */
  | { type: 'template'; id: number; template: Template | null };

/** The world process's own view of its memory (bytes), for `npm run bench`. */
export interface WorldMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  /** memory of ArrayBuffers and other objects outside V8's heap (chunk light and block arrays live here) */
  external: number;
  /** V8 heap spaces: committed size per space (new_space is the young generation's two semi-spaces) */
  spaces: Record<string, number>;
  /** distinct npm packages the process has loaded (CommonJS) */
  packages: string[];
  /**
   * the overworld's chunks (with the parity plugin): columns in memory, and chunks no player holds that
   * are kept as chunk data because they differ from the generated ones
   */
  chunks?: { columns: number; kept: number; keptBytes: number };
}

export type WorldToParent =
  | { type: 'ready'; host: string; port: number; version: string }
  | { type: 'start-failed'; code: string; message: string }
  | { type: 'crashed'; message: string }
  | { type: 'op-done'; name: string; online: boolean }
  | { type: 'player-joined'; name: string }
  | { type: 'player-left'; name: string }
  | { type: 'memory'; memory: WorldMemory }
  | { type: 'view-delivered'; name: string }
  /** `place template` needs a template: the parent holds the TemplateSource (templates.ts) */
  | { type: 'template-request'; id: number; name: string };

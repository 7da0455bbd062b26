/**
 * The embedded world's face: flying-squid with the vanilla-parity plugin, run in a child process. Nothing
 * outside src/world imports any other file of it; inside, it imports only src/vocabulary and npm packages.
 */
export {
  DEFAULT_WORLD_START_TIMEOUT_MS,
  EMBEDDED_VERSION,
  startWorld,
  type StartWorldOptions,
  type WorldHandle,
} from './start-world.js';
export type { WorldMemory } from './ipc.js';
export type { PaperLikeOptions } from './paper-like.js';
export type { Template, TemplateSource } from './templates.js';

/** "Did you mean …" and usage for commands that did not apply. Pure core: no MCP SDK import. */
export { nearest } from './nearest.js';
export { registries } from './registries.js';
export { addSuggestion, addSuggestions, type SuggestContext, suggestFix } from './suggest.js';
export { type CommandNode, type DeclareCommandsPacket, fromPacket, usageLines } from './tree.js';

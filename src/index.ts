/**
 * mcbridge as a library: the MCP server factory, the command path without MCP (connect, execute a batch,
 * read each command's result), and the embedded world. The command-line tool is `mcbridge` (src/cli).
 */
export { createServer } from './mcp/server.js';
export type { ToolDeps } from './mcp/tools/deps.js';

export { executeBatch, type ExecuteOptions } from './execute/execute-batch.js';
export { type BatchItem, BatchItemSchema } from './batch/plan.js';
export {
  type BatchResult,
  BatchResultSchema,
  type CommandResult,
  CommandResultSchema,
  type CommandStatus,
  CommandStatusSchema,
} from './results/schema.js';
export { renderBatchText } from './results/text.js';

export { embeddedTarget, mineflayerTarget } from './connection/factories.js';
export { ConnectionTarget } from './connection/target.js';
export { Targets } from './connection/targets.js';
export type { ConnectionSession } from './connection/session.js';
export { defaultSafetyConfig, parseSafetyConfig, type SafetyConfig } from './safety/config.js';
export { StructureStore } from './structures/store.js';

export { EMBEDDED_VERSION, startWorld, type StartWorldOptions, type WorldHandle } from './world/index.js';
export { McbridgeError, NotConnectedError, NotOperatorError } from './vocabulary/errors.js';

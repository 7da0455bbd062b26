import type { UndoRegistry } from '../../batch/undo.js';
import type { Targets } from '../../connection/targets.js';
import type { JobManager } from '../../jobs/manager.js';
import type { Logger } from '../../vocabulary/logger.js';
import type { SafetyConfig } from '../../safety/config.js';
import type { StructureStore } from '../../structures/store.js';
import type { ResultPages } from '../../results/pages.js';
import type { McbridgeTaskStore } from '../task-store.js';

/** What tool handlers need from the companion. */
export interface ToolDeps {
  targets: Targets;
  log: Logger;
  /** the operator's safety policy; the LLM cannot change it */
  safety: SafetyConfig;
  /** applied batches per connection, for undo_last */
  undo: UndoRegistry;
  /** background build jobs; their tools are registered only when present */
  jobs?: JobManager;
  /** saved structures (save/list/place_structure) */
  structures: StructureStore;
  /** MCP tasks, shared by every session; without it the long tools are plain tools only */
  tasks?: McbridgeTaskStore;
  /**
   * full results of bounded answers (place_structure), read by get_batch_results; shared by every server
   * of the companion (each stateless request has one), else one per server
   */
  pages?: ResultPages;
  /** the live 3D viewer (`--viewer-port`), showing the bot of `connection` */
  viewer?: { url: string; connection: string };
}

/**
 * An HTTP MCP server alone in its process, wired as `mcbridge serve --http` wires it (one connection, one job
 * manager, one structure store, one task store shared by every session), so that its memory can be measured
 * without the clients' memory in the same process. Runs the built code (dist/, built by test/global-setup.ts)
 * under `node --expose-gc`; the parent forks it with its settings as JSON in argv[2] and talks over IPC:
 *   → { id, op: 'state' }   ← { id, sessions, ended, listeners }
 *   → { id, op: 'memory' }  ← { id, rss, live }   (after last-resort garbage collections)
 *   → { id, op: 'close' }   ← { id } and the process exits
 * It sends { ready: url } once it serves.
 */
import { join } from 'node:path';
import { UndoRegistry } from '../../dist/batch/undo.js';
import { mineflayerTarget } from '../../dist/connection/factories.js';
import { Targets } from '../../dist/connection/targets.js';
import { JobManager } from '../../dist/jobs/manager.js';
import { startHttpServer } from '../../dist/mcp/http.js';
import { createServer } from '../../dist/mcp/server.js';
import { McbridgeTaskStore } from '../../dist/mcp/task-store.js';
import { defaultSafetyConfig } from '../../dist/safety/config.js';
import { StructureStore } from '../../dist/structures/store.js';
import { logger } from '../../dist/vocabulary/logger.js';

const settings = JSON.parse(process.argv[2]);
const silent = logger.child({}, { level: 'silent' });

const target = mineflayerTarget({
  host: settings.host,
  port: settings.port,
  username: settings.username,
  version: settings.version,
});
const targets = new Targets([target]);
const undo = new UndoRegistry();
const jobs = new JobManager({
  targets,
  safety: defaultSafetyConfig,
  log: silent,
  dir: join(settings.dir, 'jobs'),
  undo,
});
await jobs.init();
const structures = new StructureStore(join(settings.dir, 'structures'));
const tasks = new McbridgeTaskStore();
await target.get();
const http = await startHttpServer({
  port: 0,
  token: settings.token,
  idleTimeoutMs: settings.idleTimeoutMs,
  maxSessions: settings.maxSessions,
  makeServer: () =>
    createServer({ targets, log: silent, safety: defaultSafetyConfig, jobs, undo, structures, tasks }),
  log: silent,
});

/** what every live session adds to the shared parts */
const listeners = () =>
  target.newsListenerCount() +
  jobs.changes.listenerCount('job') +
  jobs.changes.listenerCount('list') +
  structures.changes.listenerCount('list');

/**
 * Memory after the collection V8 makes when memory runs out ("last resort"): besides collecting everything it
 * gives the operating system back the heap pages it pools for reuse. After an ordinary full collection, on
 * Node 24, those pooled pages stayed in RSS: 100 pages of 256 KB more after one round of 500 sessions than after
 * another, while the heap itself had not grown.
 */
const memoryAfterGc = async () => {
  for (let i = 0; i < 3; i++) {
    // the options are V8 12's and later (Node 22+); Node 20 reads them as a lesser collection, hence both
    globalThis.gc();
    globalThis.gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    await new Promise((resolve) => setImmediate(resolve));
  }
  const m = process.memoryUsage();
  return { rss: m.rss, live: m.heapUsed + m.external };
};

process.on('message', async ({ id, op }) => {
  if (op === 'state') {
    process.send({ id, sessions: http.sessions(), ended: http.ended(), listeners: listeners() });
  } else if (op === 'memory') {
    process.send({ id, ...(await memoryAfterGc()) });
  } else if (op === 'close') {
    await http.close();
    await jobs.close();
    await targets.closeAll();
    process.send({ id }, () => process.exit(0));
  }
});
// the parent is gone: nothing else should keep this process alive
process.on('disconnect', () => process.exit(0));
process.send({ ready: http.url });

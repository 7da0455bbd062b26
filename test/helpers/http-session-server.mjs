/**
 * An HTTP MCP server alone in its process, wired as `mcbridge serve --http` wires it (one connection, one job
 * manager, one structure store, one task store shared by every session), so that its memory can be measured
 * without the clients' memory in the same process. Runs the built code (dist/, built by test/global-setup.ts)
 * under `node --expose-gc`; the parent forks it with its settings as JSON in argv[2] and talks over IPC:
 *   → { id, op: 'state' }   ← { id, sessions, ended, listeners }
 *   → { id, op: 'memory' }  ← { id, rss, live, where }   (after last-resort garbage collections)
 *   → { id, op: 'close' }   ← { id } and the process exits
 * It sends { ready: url } once it serves.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHeapSpaceStatistics } from 'node:v8';
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
  return { rss: m.rss, live: m.heapUsed + m.external, where: residentByKind() };
};

/**
 * Where the resident memory is, in kB: by kind of mapping (/proc/self/smaps: glibc's brk heap, anonymous
 * mappings of V8's 256 kB page size, smaller and larger anonymous ones, files), and V8's committed size per
 * heap space. Printed beside the figures, so that a difference says where it came from.
 */
const residentByKind = () => {
  const kinds = {};
  let kind = 'other';
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const kB = (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1024;
      const path = head[3];
      if (path === '[heap]') kind = 'brk';
      else if (path) kind = path.startsWith('[') ? path : 'file';
      else kind = kB === 256 ? 'anon 256k' : kB >= 1024 ? 'anon >=1M' : 'anon small';
    } else if (line.startsWith('Rss:')) {
      const kB = Number(line.split(/\s+/)[1]);
      if (kB > 0) kinds[kind] = (kinds[kind] ?? 0) + kB;
    }
  }
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_size > 0) kinds[`v8 ${space.space_name}`] = Math.round(space.space_size / 1024);
  }
  return kinds;
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

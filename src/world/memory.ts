/** The world process's memory as it sees it (heap spaces, loaded packages): the bench prints it. */
import { createRequire } from 'node:module';
import { getHeapSpaceStatistics } from 'node:v8';
import type { WorldMemory } from './ipc.js';

const require = createRequire(import.meta.url);

export function worldMemory(chunks?: WorldMemory['chunks']): WorldMemory {
  const usage = process.memoryUsage();
  const packages = new Set<string>();
  for (const file of Object.keys(require.cache)) {
    // the innermost node_modules entry names the package (nested copies count once)
    const match = /.*node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file);
    if (match) packages.add(match[1]!.replace('\\', '/'));
  }
  return {
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    external: usage.external,
    spaces: Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size])),
    packages: [...packages].sort(),
    ...(chunks ? { chunks } : {}),
  };
}

/**
 * What a 2026-07-28 client hears on `subscriptions/listen` over HTTP: every request there is served by a
 * server of its own that lives for that request, so the news of the process (a build job's progress, the
 * resource list's changes) is published once on the HTTP handler's event bus, whose listen streams pass each
 * event to the clients that asked for it. A 2025 client hears the same through its session's subscriptions
 * (subscriptions.ts); over stdio the connection's one server sends it and the SDK's entry routes it onto the
 * listen streams.
 *
 * The bus is this process's: a job run by another process behind the same load balancer is heard by the
 * clients listening there (its state on disk reads the same everywhere).
 */
import type { ServerNotifier } from '@modelcontextprotocol/server';
import type { JobManager } from '../../jobs/manager.js';
import type { StructureStore } from '../../structures/store.js';
import { jobUri } from './jobs.js';

export function publishListenNews(
  notify: ServerNotifier,
  sources: { jobs?: JobManager | undefined; structures: StructureStore },
): () => void {
  const { jobs, structures } = sources;
  const progressed = (id: string) => notify.resourceUpdated(jobUri(id));
  const listChanged = () => notify.resourcesChanged();
  jobs?.changes.on('job', progressed);
  jobs?.changes.on('list', listChanged);
  structures.changes.on('list', listChanged);
  return () => {
    jobs?.changes.off('job', progressed);
    jobs?.changes.off('list', listChanged);
    structures.changes.off('list', listChanged);
  };
}

/**
 * Resource template `mcbridge://jobs/{id}`: a build job's state and progress (the same report as
 * get_build_job). Subscribers get `notifications/resources/updated` while the job runs; the list changes
 * when jobs come and go.
 */
import { readOrNotFound } from './not-found.js';
import { ResourceTemplate } from '@modelcontextprotocol/server';
import type { McpServer } from '@modelcontextprotocol/server';
import type { JobManager } from '../../jobs/manager.js';
import { completeFrom } from '../completions.js';
import type { Subscriptions } from './subscriptions.js';

export const jobUri = (id: string) => `mcbridge://jobs/${encodeURIComponent(id)}`;

export function registerJobResources(
  server: McpServer,
  jobs: JobManager,
  subscriptions: Subscriptions,
): () => void {
  server.registerResource(
    'build-job',
    new ResourceTemplate('mcbridge://jobs/{id}', {
      list: async () => ({
        resources: (await jobs.list()).jobs.map((j) => ({
          uri: jobUri(j.id),
          name: j.id,
          title: `Build job ${j.name}`,
          description: `${j.status}, ${j.doneSteps}/${j.totalSteps} steps, on ${j.target}`,
          mimeType: 'application/json',
        })),
      }),
      complete: {
        id: async (value) =>
          completeFrom(
            (await jobs.list()).jobs.map((j) => j.id),
            value,
          ),
      },
    }),
    {
      title: 'Build job',
      description:
        'A background build job: status, phases, counts by outcome, last error. Subscribe to follow it while it runs.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const report = await readOrNotFound(uri.href, () =>
        jobs.get(decodeURIComponent(String(variables['id']))),
      );
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(report) }] };
    },
  );
  const progressed = (id: string) => subscriptions.updated(jobUri(id));
  const listChanged = () => server.sendResourceListChanged();
  jobs.changes.on('job', progressed);
  jobs.changes.on('list', listChanged);
  return () => {
    jobs.changes.off('job', progressed);
    jobs.changes.off('list', listChanged);
  };
}

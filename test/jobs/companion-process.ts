/**
 * A companion as its own process (MCP over stdio), for tests that kill it mid-job:
 * `node --import tsx test/jobs/companion-process.ts` with MCB_HOST, MCB_PORT, MCB_USER, MCB_JOBS_DIR,
 * MCB_LOCK_STALE_MS and MCB_AUTO_RESUME (0/1) in the environment.
 */
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { logger } from '../../src/vocabulary/logger.js';
import { createJobServer } from './server.js';

const env = (name: string) => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const { server, targets, jobs } = await createJobServer({
  host: env('MCB_HOST'),
  port: Number(env('MCB_PORT')),
  username: env('MCB_USER'),
  dir: env('MCB_JOBS_DIR'),
  log: logger,
  manager: {
    lockStaleMs: Number(process.env['MCB_LOCK_STALE_MS'] ?? 2000),
    autoResume: process.env['MCB_AUTO_RESUME'] === '1',
  },
});
const transport = new StdioServerTransport();
const shutdown = async () => {
  await jobs.close();
  await targets.closeAll();
  process.exit(0);
};
transport.onclose = () => void shutdown();
process.stdin.on('end', () => void shutdown());
await server.connect(transport);

/** Test companions with the build job tools, a world to build in, and an operator who watches. */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { JobReport } from '../../src/jobs/report.js';
import type { JobState } from '../../src/jobs/schema.js';
import { logger } from '../../src/vocabulary/logger.js';
import type { ReceivedLine } from '../helpers/bot.js';
import { createJobServer, type JobServerOptions } from './server.js';

export const tempJobsDir = () => mkdtemp(join(tmpdir(), 'mcbridge-jobs-'));

export type Call = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

export async function connectClient(server: { connect(t: InMemoryTransport): Promise<void> }) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'mcbridge-job-tests', version: '0.0.0' });
  await client.connect(clientSide);
  return client;
}

export const caller =
  (client: Client): Call =>
  async (name, args) =>
    (await client.callTool({ name, arguments: args }, { timeout: 120_000 })) as CallToolResult;

/** The job report of a tool result; throws with the tool's text when it failed. */
export function report(result: CallToolResult): JobReport {
  if (result.isError) throw new Error(`tool failed: ${textOf(result)}`);
  return result.structuredContent as unknown as JobReport;
}

export const textOf = (result: CallToolResult) =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

export async function startJobCompanion(o: Omit<JobServerOptions, 'log'>) {
  const built = await createJobServer({ ...o, log: logger.child({ test: true }, { level: 'silent' }) });
  const client = await connectClient(built.server);
  return {
    ...built,
    client,
    call: caller(client),
    async close() {
      await built.jobs.close();
      await client.close();
      await built.targets.closeAll();
    },
  };
}

export const readJournal = async (dir: string, id: string): Promise<JobState> =>
  JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as JobState;

/** Positions of `commands.setblock.success` in the admin copies an operator received, with how often each came. */
export function setblockCopies(lines: readonly ReceivedLine[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const found = findTranslate(line.json, 'commands.setblock.success');
    if (!found || !JSON.stringify(line.json).includes('chat.type.admin')) continue;
    const key = (found.with ?? []).map(plain).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

interface Translated {
  translate: string;
  with?: unknown[];
}

function findTranslate(json: unknown, key: string): Translated | undefined {
  if (json === null || typeof json !== 'object') return undefined;
  if ((json as Translated).translate === key) return json as Translated;
  for (const v of Object.values(json as Record<string, unknown>)) {
    const hit = findTranslate(v, key);
    if (hit) return hit;
  }
  return undefined;
}

function plain(v: unknown): string {
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  const o = v as Record<string, unknown>;
  return String(o['text'] ?? o[''] ?? JSON.stringify(v));
}

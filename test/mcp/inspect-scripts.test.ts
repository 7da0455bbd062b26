/**
 * The documented way to open the MCP Inspector on mcbridge: `npm run inspect:cli` and `npm run inspect`, from the
 * repository root (where inspector-cli 1.x fails: it looks for its package.json relative to the working folder).
 */
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('npm run inspect:cli lists the tools of serve --embedded from the repository root', async () => {
  const { stdout } = await promisify(execFile)(
    'npm',
    // the Inspector's own 15 s for the server to answer is a clock: a busy machine may need longer to start it
    ['run', '--silent', 'inspect:cli', '--', '--method', 'tools/list', '--connect-timeout', '110000'],
    { cwd: root, env: { ...process.env, MCBRIDGE_LOG_LEVEL: 'warn' } },
  );
  const { tools } = JSON.parse(stdout) as { tools: Array<{ name: string; outputSchema?: unknown }> };
  expect(tools.map((t) => t.name)).toEqual(
    expect.arrayContaining(['execute_commands', 'get_connection_info', 'get_blocks_in_area', 'render_area']),
  );
  expect(tools.find((t) => t.name === 'execute_commands')?.outputSchema).toBeDefined();
}, 120_000);

/** a port nothing listens on right now */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });

test('npm run inspect starts the web UI on loopback and serves its page', async () => {
  const [client, sandbox, appOrigin] = [await freePort(), await freePort(), await freePort()];
  const child = spawn('npm', ['run', '--silent', 'inspect'], {
    cwd: root,
    detached: true, // its own process group, so that the test stops npm, the shell and the inspector
    env: {
      ...process.env,
      MCP_AUTO_OPEN_ENABLED: 'false',
      CLIENT_PORT: String(client),
      MCP_SANDBOX_PORT: String(sandbox),
      MCP_APP_ORIGIN_PORT: String(appOrigin),
    },
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /http:\/\/127\.0\.0\.1:(\d+)\S*/.exec(out);
        if (found) resolve(found[0]);
      });
      child.once('exit', (code) => reject(new Error(`inspector exited (${code}) before serving: ${out}`)));
    });
    expect(new URL(url).port).toBe(String(client));
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }
}, 120_000);

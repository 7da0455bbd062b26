/**
 * Runs a snippet of ES module code in a fresh Node process (with tsx, from the repository's root), for tests
 * about what a process has loaded: Node's module cache is per process. The snippet has `require` (rooted at
 * the repository), `loaded(part)`, the number of files in the module cache whose path contains `part`,
 * `await importedEsm(part)`, the number of ES modules resolved so far whose URL contains `part` (ES modules
 * are not in that cache: a resolve hook of the process reports each one), and
 * `report(value)`, which writes `value` as JSON straight to file descriptor 1 (what the snippet loads may
 * route `console` to stderr, as the CLI does); what it reports is returned. The process exits when the snippet is done, even if what
 * it loaded keeps timers or handles open (a logger's worker, for one).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A resolve hook (module.register; it runs on the loader's own thread) posts every ES module URL it resolves
 * to the snippet's thread. Messages on one port arrive in order, so importedEsm resolves a marker module of its
 * own and counts once that marker's message is in: every URL resolved before it has arrived too.
 */
const ESM_HOOKS = `let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('mcbridge-marker:')) {
    port.postMessage(specifier);
    return { url: 'data:text/javascript,export%20default%200', shortCircuit: true };
  }
  const resolved = await next(specifier, context);
  port.postMessage(resolved.url);
  return resolved;
}`;

const ESM_WATCH = `import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const esmUrls = [];
const markers = new Map();
const esmChannel = new MessageChannel();
esmChannel.port1.on('message', (url) => (markers.has(url) ? markers.get(url)() : esmUrls.push(url)));
esmChannel.port1.unref();
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(ESM_HOOKS)}), {
  data: { port: esmChannel.port2 },
  transferList: [esmChannel.port2],
});
let markerCount = 0;
const importedEsm = async (part) => {
  const marker = 'mcbridge-marker:' + ++markerCount;
  const arrived = new Promise((resolve) => markers.set(marker, resolve));
  await import(marker);
  await arrived;
  return esmUrls.filter((url) => url.includes(part)).length;
};`;

export function inFreshProcess(body: string): Promise<Record<string, unknown>> {
  const source = `import { createRequire } from 'node:module';
import { writeSync } from 'node:fs';
const require = createRequire(${JSON.stringify(root + '/package.json')});
const loaded = (part) => Object.keys(require.cache).filter((k) => k.includes(part)).length;
const report = (value) => writeSync(1, JSON.stringify(value) + '\\n');
${ESM_WATCH}
${body}
process.exit(0);`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', source],
      { cwd: root },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`${err.message}\n${stderr}`));
        try {
          resolve(JSON.parse(stdout) as Record<string, unknown>);
        } catch {
          reject(new Error(`the snippet reported no JSON\nstdout: ${stdout}\nstderr: ${stderr}`));
        }
      },
    );
  });
}

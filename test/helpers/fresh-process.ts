/**
 * Runs a snippet of ES module code in a fresh Node process (with tsx, from the repository's root), for tests
 * about what a process has loaded: Node's module cache is per process. The snippet has `require` (rooted at
 * the repository), `loaded(part)`, the number of files in the module cache whose path contains `part`, and
 * `report(value)`, which writes `value` as JSON straight to file descriptor 1 (what the snippet loads may
 * route `console` to stderr, as the CLI does); what it reports is returned. The process exits when the snippet is done, even if what
 * it loaded keeps timers or handles open (a logger's worker, for one).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export function inFreshProcess(body: string): Promise<Record<string, unknown>> {
  const source = `import { createRequire } from 'node:module';
import { writeSync } from 'node:fs';
const require = createRequire(${JSON.stringify(root + '/package.json')});
const loaded = (part) => Object.keys(require.cache).filter((k) => k.includes(part)).length;
const report = (value) => writeSync(1, JSON.stringify(value) + '\\n');
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

/**
 * `npm run test:mod`: the Java core of the Fabric mod (mod-bridge/core/test.sh: javac + JUnit 5), then
 * the TypeScript tests that drive the Java client against the real bridge server (vitest's JAVA_TESTS).
 *
 * `--if-available` (how `npm test` calls it): when the JDK or Debian's jars are missing, say so in one line
 * with the command that installs them, and succeed — a TypeScript user needs only Node. Under `CI=true` a
 * missing JDK or jar is a failure, never a skip. `MCBRIDGE_JAVA_JARS` points at another jar folder.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** the jars mod-bridge/core/test.sh puts on its class path, and commons-lang3 for api-check/check.sh */
export const JARS = [
  'junit-jupiter-api.jar',
  'junit-jupiter-params.jar',
  'apiguardian-api.jar',
  'gson.jar',
  'junit-platform-console-standalone.jar',
  'commons-lang3.jar',
] as const;
export const INSTALL =
  'sudo apt-get install openjdk-17-jdk-headless junit5 libgoogle-gson-java libcommons-lang3-java';

function onPath(program: string, env: NodeJS.ProcessEnv): boolean {
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, program), constants.X_OK);
      return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

/** What is missing to run the Java suite (empty when everything is there). */
export function missingPrerequisites(env: NodeJS.ProcessEnv): string[] {
  const jars = env['MCBRIDGE_JAVA_JARS'] || '/usr/share/java';
  const missing: string[] = ['javac', 'java'].filter((p) => !onPath(p, env));
  for (const jar of JARS) if (!existsSync(join(jars, jar))) missing.push(join(jars, jar));
  return missing;
}

export interface JunitCounts {
  found: number;
  successful: number;
  failed: number;
}

/** The totals of the JUnit console launcher's summary (undefined when it printed none). */
export function junitCounts(output: string): JunitCounts | undefined {
  const count = (label: string): number | undefined => {
    const m = new RegExp(`(\\d+) tests ${label}`).exec(output);
    return m ? Number(m[1]) : undefined;
  };
  const found = count('found');
  const successful = count('successful');
  const failed = count('failed');
  if (found === undefined || successful === undefined || failed === undefined) return undefined;
  return { found, successful, failed };
}

/** The TypeScript tests that drive the Java client (vitest.config.ts lists them under JAVA_TESTS). */
function runJavaVitest(): Promise<number> {
  const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run'], {
      stdio: 'inherit',
      env: { ...process.env, MCBRIDGE_JAVA_TESTS: '1' },
    });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

function runSuite(): Promise<number> {
  const script = fileURLToPath(new URL('../mod-bridge/core/test.sh', import.meta.url));
  return new Promise((resolve) => {
    const child = spawn('sh', [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('error', (err) => {
      process.stderr.write(`test:mod: could not start mod-bridge/core/test.sh: ${err.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => {
      const counts = junitCounts(out);
      if (code !== 0) return resolve(code ?? 1);
      // a launcher that found nothing, or lost tests on the way, is not a pass
      if (!counts || counts.found === 0 || counts.successful !== counts.found || counts.failed !== 0) {
        process.stderr.write(`test:mod: JUnit summary not clean: ${JSON.stringify(counts ?? null)}\n`);
        return resolve(1);
      }
      process.stdout.write(
        `test:mod: mod-bridge/core ${counts.successful}/${counts.found} JUnit tests passed\n`,
      );
      resolve(0);
    });
  });
}

async function main(): Promise<number> {
  const optional = process.argv.includes('--if-available') && process.env['CI'] !== 'true';
  const missing = missingPrerequisites(process.env);
  if (missing.length > 0) {
    const line = `mod-bridge Java tests not run (missing: ${missing.join(', ')}): install with \`${INSTALL}\`, then \`npm run test:mod\``;
    if (optional) {
      process.stdout.write(`${line}\n`);
      return 0;
    }
    process.stderr.write(`test:mod FAILED: ${line}\n`);
    return 1;
  }
  const junit = await runSuite();
  if (junit !== 0) return junit;
  return runJavaVitest();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main();
}

/**
 * .github/workflows/mod.yml cannot run here (Loom downloads Minecraft), so this checks what can be checked
 * offline: it is valid YAML (parsed with the `yaml` package), builds every adapter with its own Gradle
 * wrapper, and runs every adapter's client gametest under xvfb with the companion harness that exists in this repo.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '../..');

interface Step {
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  'working-directory'?: string;
}
interface Job {
  'runs-on': string;
  strategy?: { matrix: { include: { adapter: string; java: number; bot?: boolean }[] } };
  env?: Record<string, string>;
  defaults?: { run: { 'working-directory': string } };
  steps: Step[];
}

const workflow = parse(readFileSync(join(ROOT, '.github/workflows/mod.yml'), 'utf8')) as {
  jobs: Record<string, Job>;
};
const runs = (job: Job) => job.steps.flatMap((s) => (s.run ? [s.run] : []));

describe('the mod workflow', () => {
  test('builds each adapter with its own wrapper, on the Java its Minecraft needs', () => {
    const build = workflow.jobs.build!;
    expect(build.strategy!.matrix.include).toEqual([
      { adapter: 'fabric-1.21.4', java: 21 },
      { adapter: 'fabric-1.21.11', java: 21 },
      { adapter: 'fabric-26.1', java: 25 },
      { adapter: 'fabric-26.3', java: 25 },
    ]);
    expect(build.defaults!.run['working-directory']).toBe('mod-bridge/${{ matrix.adapter }}');
    expect(runs(build)).toContain('./gradlew build --stacktrace');
    expect(build.steps.find((s) => s.uses?.startsWith('actions/setup-java'))!.with!['java-version']).toBe(
      '${{ matrix.java }}',
    );
    for (const { adapter } of build.strategy!.matrix.include) {
      const dir = join(ROOT, 'mod-bridge', adapter);
      for (const f of [
        'build.gradle',
        'settings.gradle',
        'gradle.properties',
        'gradle/wrapper/gradle-wrapper.properties',
      ])
        expect(existsSync(join(dir, f)), `${adapter}/${f}`).toBe(true);
      expect(statSync(join(dir, 'gradlew')).mode & 0o111, `${adapter}/gradlew is executable`).not.toBe(0);
    }
  });

  test("runs every adapter's client gametest under xvfb with the companion started first", () => {
    const job = workflow.jobs.client_gametest!;
    // mineflayer cannot join 26.3: its gametest runs without the bot's half
    expect(job.strategy!.matrix.include).toEqual([
      { adapter: 'fabric-1.21.4', java: 21, bot: true },
      { adapter: 'fabric-1.21.11', java: 21, bot: true },
      { adapter: 'fabric-26.1', java: 25, bot: true },
      { adapter: 'fabric-26.3', java: 25, bot: false },
    ]);
    expect(job.env!['MCBRIDGE_GAMETEST_BOT']).toBe('${{ matrix.bot }}');
    expect(job.steps.find((s) => s.uses?.startsWith('actions/setup-java'))!.with!['java-version']).toBe(
      '${{ matrix.java }}',
    );
    const all = runs(job);
    const companion = all.findIndex((r) => r.includes('npx tsx mod-bridge/gametest/companion.ts'));
    const gametest = all.findIndex((r) => r.includes('xvfb-run -a ./gradlew runClientGameTest'));
    expect(companion).toBeGreaterThanOrEqual(0);
    expect(gametest).toBeGreaterThan(companion);
    expect(job.steps.find((s) => s.run?.includes('runClientGameTest'))!['working-directory']).toBe(
      'mod-bridge/${{ matrix.adapter }}',
    );
    expect(all.some((r) => r.includes('= PASS'))).toBe(true);
    expect(existsSync(join(ROOT, 'mod-bridge/gametest/companion.ts'))).toBe(true);
    expect(
      existsSync(join(ROOT, 'mod-bridge/gametest/java/dev/mcbridge/gametest/CompanionExchange.java')),
    ).toBe(true);
    for (const { adapter } of job.strategy!.matrix.include) {
      const dir = join(ROOT, 'mod-bridge', adapter);
      expect(
        readFileSync(join(dir, 'build.gradle'), 'utf8'),
        `${adapter}: the run task comes from Loom configureTests`,
      ).toMatch(/enableClientGameTests = true/);
      // the version-free half (CompanionExchange) lives once, in mod-bridge/gametest/java
      expect(
        readFileSync(join(dir, 'build.gradle'), 'utf8'),
        `${adapter}: the gametest source set takes the shared half`,
      ).toMatch(
        /sourceSets\.matching \{ it\.name == 'gametest' \}\.configureEach \{\s*java \{ srcDir '\.\.\/gametest\/java' \}/,
      );
      for (const f of [
        'src/gametest/java/dev/mcbridge/gametest/BridgeClientGameTest.java',
        'src/gametest/resources/fabric.mod.json',
      ])
        expect(existsSync(join(dir, f)), `${adapter}/${f}`).toBe(true);
    }
  });
});

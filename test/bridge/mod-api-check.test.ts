/**
 * mod-bridge/api-check/check.sh type-checks a Fabric adapter against Minecraft's API (here: the committed
 * stubs generated from the decompiled clients). These tests prove the check can fail: a copy of the 1.21.4
 * adapter with two misuses of the game's API must be reported, with the adapter's file and line, while the
 * real adapters pass. Needs javac and Gson like the cross-language test, so it runs in `npm run test:mod`
 * (vitest.config.ts JAVA_TESTS), which fails under CI=true when they are missing and never skips.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';

const MOD = join(import.meta.dirname, '../../mod-bridge');
const CHECK = join(MOD, 'api-check/check.sh');
const scratch = mkdtempSync(join(tmpdir(), 'mcbridge-api-check-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function check(adapter: string): { status: number | null; out: string } {
  execFileSync('javac', ['-version'], { stdio: 'ignore' });
  const r = spawnSync(CHECK, [adapter, '--strict'], { encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('api-check against the committed stubs', () => {
  test.each(['fabric-1.21.4', 'fabric-1.21.11', 'fabric-26.1', 'fabric-26.3'])(
    '%s type-checks with no error anywhere',
    (adapter) => {
      const { status, out } = check(join(MOD, adapter));
      expect(out).toMatch(
        new RegExp(`api-check: ${adapter} against .*: 0 error\\(s\\) in the adapter, 0 in other`),
      );
      expect(status).toBe(0);
    },
  );

  test('a wrong argument type and a method the game does not have are reported in the adapter', () => {
    // the folder name tells check.sh which version's stubs to use
    const copy = join(scratch, 'fabric-1.21.4');
    cpSync(join(MOD, 'fabric-1.21.4'), copy, { recursive: true });
    const file = join(copy, 'src/main/java/dev/mcbridge/fabric/MinecraftGame.java');
    const source = readFileSync(file, 'utf8');
    const broken = source
      .replace('player.hasPermissions(2)', 'player.hasPermissions("2")')
      .replace('level.getChunkSource().hasChunk(', 'level.getChunkSource().hasChunkAt(');
    expect(broken).not.toBe(source);
    writeFileSync(file, broken);
    const { status, out } = check(copy);
    expect(status).toBe(1);
    expect(out).toMatch(
      /MinecraftGame\.java:\d+: error: incompatible types: String cannot be converted to int/,
    );
    expect(out).toMatch(
      /MinecraftGame\.java:\d+: error: cannot find symbol[\s\S]*method hasChunkAt\(int,int\)/,
    );
    expect(out).toMatch(/2 error\(s\) in the adapter, 0 in other files/);
  });
});

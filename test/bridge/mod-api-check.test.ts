/**
 * mod-bridge/api-check/check.sh type-checks a Fabric adapter against Minecraft's API (here: the committed
 * stubs generated from the decompiled clients), and its client gametest (src/gametest) with it. These tests prove
 * the check can fail: a copy of the 1.21.4 adapter with two misuses of the game's API must be reported, with the
 * adapter's file and line, and so must a 26.1 gametest calling 1.21.4's Fabric API name and an error in the gametests'
 * shared half (mod-bridge/gametest/java), while the real adapters pass; and a Fabric API stub edited by hand (they are generated from Fabric API's source and carry
 * a digest) fails the check before anything is compiled. Needs javac and Gson like the cross-language test, so it runs in `npm run test:mod`
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

function check(adapter: string, script = CHECK): { status: number | null; out: string } {
  execFileSync('javac', ['-version'], { stdio: 'ignore' });
  const r = spawnSync(script, [adapter, '--strict'], { encoding: 'utf8' });
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

  test("a client gametest is checked too: 1.21.4's name for the connection's level fails on 26.1", () => {
    const copy = join(scratch, 'fabric-26.1');
    cpSync(join(MOD, 'fabric-26.1'), copy, { recursive: true });
    const file = join(copy, 'src/gametest/java/dev/mcbridge/gametest/BridgeClientGameTest.java');
    const source = readFileSync(file, 'utf8');
    const broken = source.replace('connection.getClientLevel()', 'connection.getClientWorld()');
    expect(broken).not.toBe(source);
    writeFileSync(file, broken);
    const { status, out } = check(copy);
    expect(status).toBe(1);
    expect(out).toMatch(
      /BridgeClientGameTest\.java:\d+: error: cannot find symbol[\s\S]*method getClientWorld\(\)/,
    );
    expect(out).toMatch(/1 error\(s\) in the adapter, 0 in other files/);
  });

  test("the gametests' shared, version-free half is checked with every adapter and its errors count as ours", () => {
    // a copy of mod-bridge's parts as check.sh finds them (api-check, core, gametest beside the adapter)
    const mod = join(scratch, 'mod-bridge-shared');
    for (const part of ['api-check', 'core', 'gametest', 'fabric-26.3'])
      cpSync(join(MOD, part), join(mod, part), { recursive: true });
    const file = join(mod, 'gametest/java/dev/mcbridge/gametest/CompanionExchange.java');
    const source = readFileSync(file, 'utf8');
    const broken = source.replace('filter(Fences::hideFromChat)', 'filter(Fences::hideFromChatWindow)');
    expect(broken).not.toBe(source);
    writeFileSync(file, broken);
    const { status, out } = check(join(mod, 'fabric-26.3'), join(mod, 'api-check/check.sh'));
    expect(status).toBe(1);
    expect(out).toMatch(
      /CompanionExchange\.java:\d+: error: invalid method reference[\s\S]*hideFromChatWindow/,
    );
    expect(out).toMatch(/1 error\(s\) in the adapter, 0 in other files/);
  });

  test('a Fabric API stub edited by hand no longer matches its digest and fails the check', () => {
    // a copy of api-check and core beside each other, as check.sh expects them, with one stub widened
    const mod = join(scratch, 'mod-bridge');
    cpSync(join(MOD, 'api-check'), join(mod, 'api-check'), { recursive: true });
    cpSync(join(MOD, 'core'), join(mod, 'core'), { recursive: true });
    const stub = join(mod, 'api-check/fabric/26.1/net/fabricmc/fabric/api/event/Event.java');
    const source = readFileSync(stub, 'utf8');
    const edited = source.replace('Identifier arg0, T arg1', 'Object arg0, T arg1');
    expect(edited).not.toBe(source);
    writeFileSync(stub, edited);
    const r = spawnSync(join(mod, 'api-check/check.sh'), [join(MOD, 'fabric-26.1'), '--strict'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/api-check\/fabric\/26\.1 does not match its DIGEST/);
    expect(r.stderr).toMatch(/net\/fabricmc\/fabric\/api\/event\/Event\.java/);
  });
});

/**
 * The companion half of the mod's client gametest (run by .github/workflows/mod.yml, where Minecraft can be
 * downloaded; nothing here can start a real client). The game half is
 * mod-bridge/fabric-26.1/src/gametest/java/dev/mcbridge/gametest/BridgeClientGameTest.java: it starts a real
 * dedicated server in the client's process, joins it with the mod loaded and writes `ready` (the server's
 * address) into the shared folder. This script is the real companion: the same BridgeServer and executeBatch
 * that `mcbridge serve --bridge` uses. It runs one batch through the mod, the same batch through a mineflayer
 * bot on the same server, and writes `done`: PASS when every command got the same status both ways, else
 * FAIL with the table. Exit code 0 on PASS.
 *
 * Environment: MCBRIDGE_GAMETEST_DIR (shared folder), MCBRIDGE_BRIDGE_TOKEN, MCBRIDGE_BRIDGE_PORT (25580).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BridgeServer } from '../../src/bridge/server.js';
import { bridgeTarget } from '../../src/connection/bridge-target.js';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { executeBatch } from '../../src/execute/execute-batch.js';
import type { BatchResult } from '../../src/results/schema.js';
import { defaultSafetyConfig, parseSafetyConfig } from '../../src/safety/config.js';

/** Outcomes that do not depend on which player runs them first or where exactly each one stands. */
export const BATCH = [
  'setblock ~ 1000 ~ minecraft:stone', // above the build limit: rejected_by_game
  'frobnicate', // unknown command: rejected_by_game
  'time set day', // applied
  'say mcbridge gametest', // applied (player chat through the mod, silent by design through the bot)
  'kill @e[type=minecraft:pig,distance=..1]', // no entity: rejected_by_game
  'setblock ~ ~ ~ minecraft:air', // the player's feet are in air already: rejected_by_game, noChange
];

/** opped by the gametest before it writes `ready` (BridgeClientGameTest.BOT) */
const BOT = 'mcb_gametest_bot';

const dir = process.env.MCBRIDGE_GAMETEST_DIR;
const token = process.env.MCBRIDGE_BRIDGE_TOKEN;
const bridgePort = Number(process.env.MCBRIDGE_BRIDGE_PORT ?? 25580);
/** the client and its dedicated server take minutes to start on a CI runner */
const STARTUP_MS = 15 * 60_000;

const safety = parseSafetyConfig(
  { allow: [...new Set([...defaultSafetyConfig.allow, 'frobnicate', 'time', 'say', 'kill', 'setblock'])] },
  'gametest',
);

async function waitForFile(path: string, timeoutMs: number): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (!existsSync(path)) {
    if (Date.now() > until) throw new Error(`${path} did not appear within ${timeoutMs / 1000} s`);
    await sleep(500);
  }
  return readFileSync(path, 'utf8').trim();
}

function row(r: BatchResult['results'][number]): string {
  return `${r.status}${r.detail?.key ? ` (${r.detail.key})` : ''}`;
}

async function main(): Promise<boolean> {
  if (!dir || !token) throw new Error('set MCBRIDGE_GAMETEST_DIR and MCBRIDGE_BRIDGE_TOKEN');
  mkdirSync(dir, { recursive: true });
  const bridge = await BridgeServer.start({ port: bridgePort, token });
  const viaMod = bridgeTarget({ server: bridge, waitMs: STARTUP_MS });
  try {
    const address = await waitForFile(join(dir, 'ready'), STARTUP_MS);
    const mod = await executeBatch(await viaMod.get(), BATCH, { safety });
    const [host, port] = address.split(':');
    const viaBot = mineflayerTarget({
      host: host!,
      port: Number(port),
      username: BOT,
      auth: 'offline',
    });
    try {
      const bot = await executeBatch(await viaBot.get(), BATCH, { safety });
      const lines = BATCH.map(
        (c, i) => `${c}\n  mod: ${row(mod.results[i]!)}\n  bot: ${row(bot.results[i]!)}`,
      );
      const same = BATCH.every((_, i) => mod.results[i]!.status === bot.results[i]!.status);
      const fenced = mod.captureStrategy === 'fenced';
      const verdict =
        same && fenced
          ? 'PASS'
          : `FAIL: ${fenced ? 'statuses differ' : `the mod's batch was not fenced (${mod.captureStrategy})`}`;
      writeFileSync(join(dir, 'done'), `${verdict}\n${lines.join('\n')}\n`);
      process.stderr.write(`${verdict}\n${lines.join('\n')}\n`);
      return verdict === 'PASS';
    } finally {
      await viaBot.close();
    }
  } catch (err) {
    writeFileSync(join(dir, 'done'), `FAIL: ${String(err)}\n`);
    throw err;
  } finally {
    await viaMod.close();
    await bridge.close();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err: unknown) => {
    process.stderr.write(`companion: ${String(err)}\n`);
    process.exit(1);
  },
);

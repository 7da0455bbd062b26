/**
 * The companion half of the mod's client gametest (run by .github/workflows/mod.yml for every adapter, where
 * Minecraft can be downloaded; nothing here can start a real client). The game half is each adapter's
 * src/gametest/java/dev/mcbridge/gametest/BridgeClientGameTest.java: it starts a real dedicated server in the
 * client's process, joins it with the mod loaded and writes `ready` (the server's address) into the shared
 * folder; after `done` it checks itself that no fence line reached the chat window. This script is the real
 * companion: the same BridgeServer and executeBatch that `mcbridge serve --bridge` uses. It
 * - runs one batch through the mod: every command must get its expected status, and the batch must be fenced;
 * - runs the same batch through a mineflayer bot on the same server: the same status each (unless
 *   MCBRIDGE_GAMETEST_BOT=false: mineflayer cannot join 26.3);
 * - places a block through the mod (the server answers commands.setblock.success: the server has it) and reads
 *   it back through the mod's read_blocks: it must be that state, and the bot must see the same;
 * and writes `done`: PASS, else FAIL with the table. Exit code 0 on PASS.
 *
 * Environment: MCBRIDGE_GAMETEST_DIR (shared folder), MCBRIDGE_BRIDGE_TOKEN, MCBRIDGE_BRIDGE_PORT (25580),
 * MCBRIDGE_GAMETEST_BOT (default true).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BridgeServer } from '../../src/bridge/server.js';
import { bridgeTarget } from '../../src/connection/bridge-target.js';
import { mineflayerTarget } from '../../src/connection/factories.js';
import type { ConnectionSession } from '../../src/connection/session.js';
import { executeBatch } from '../../src/execute/execute-batch.js';
import type { BatchResult, CommandStatus } from '../../src/results/schema.js';
import { defaultSafetyConfig, parseSafetyConfig } from '../../src/safety/config.js';
import { blockStateKey } from '../../src/vocabulary/blocks/block-state.js';

/** Outcomes that do not depend on which player runs them first or where exactly each one stands. */
export const BATCH: readonly { command: string; expect: CommandStatus }[] = [
  { command: 'setblock ~ 1000 ~ minecraft:stone', expect: 'rejected_by_game' }, // above the build limit
  { command: 'frobnicate', expect: 'rejected_by_game' }, // unknown command
  { command: 'time set day', expect: 'applied' },
  // player chat through the mod, silent by design through the bot; BridgeClientGameTest finds it in the chat window
  { command: 'say mcbridge gametest', expect: 'applied' },
  { command: 'kill @e[type=minecraft:pig,distance=..1]', expect: 'rejected_by_game' }, // no entity
  { command: 'setblock ~ ~ ~ minecraft:air', expect: 'rejected_by_game' }, // feet in air already: noChange
];
const COMMANDS = BATCH.map((b) => b.command);

/** Placed above the player and read back: every property given, so the read must be exactly this key. */
const PLACED = 'minecraft:oak_stairs[facing=east,half=top,shape=straight,waterlogged=false]';

/** opped by the gametest before it writes `ready` (BridgeClientGameTest.BOT) */
const BOT = 'mcb_gametest_bot';

const dir = process.env.MCBRIDGE_GAMETEST_DIR;
const token = process.env.MCBRIDGE_BRIDGE_TOKEN;
const bridgePort = Number(process.env.MCBRIDGE_BRIDGE_PORT ?? 25580);
const withBot = process.env.MCBRIDGE_GAMETEST_BOT !== 'false';
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

function row(r: BatchResult['results'][number] | undefined): string {
  return r ? `${r.status}${r.detail?.key ? ` (${r.detail.key})` : ''}` : 'missing';
}

type Pos = { x: number; y: number; z: number };

/** The block at `pos` as `session`'s channel reads it (the mod: fetched with read_blocks first). */
async function readKey(session: ConnectionSession, pos: Pos): Promise<string> {
  const channel = session.channel;
  await channel.prepareRead?.([{ min: pos, max: pos }]);
  const state = channel.readBlock?.(pos);
  if (state === undefined) throw new Error(`${session.info().backend}: this channel cannot read blocks`);
  return state === 'unloaded' ? 'unloaded' : blockStateKey(state);
}

/**
 * Reads until the block is `want` or `timeoutMs` passed: the block update reaches a client at the end of the
 * server's tick, after the command's own reply. Returns the last read.
 */
async function readUntil(
  session: ConnectionSession,
  pos: Pos,
  want: string,
  timeoutMs = 10_000,
): Promise<string> {
  const until = Date.now() + timeoutMs;
  let last = await readKey(session, pos);
  while (last !== want && Date.now() < until) {
    await sleep(250);
    last = await readKey(session, pos);
  }
  return last;
}

async function main(): Promise<boolean> {
  if (!dir || !token) throw new Error('set MCBRIDGE_GAMETEST_DIR and MCBRIDGE_BRIDGE_TOKEN');
  mkdirSync(dir, { recursive: true });
  const bridge = await BridgeServer.start({ port: bridgePort, token });
  const viaMod = bridgeTarget({ server: bridge, waitMs: STARTUP_MS });
  try {
    const address = await waitForFile(join(dir, 'ready'), STARTUP_MS);
    const modSession = await viaMod.get();
    const mod = await executeBatch(modSession, COMMANDS, { safety });
    const failures: string[] = [];
    if (mod.captureStrategy !== 'fenced')
      failures.push(`the mod's batch was not fenced (${mod.captureStrategy})`);
    if (BATCH.some((b, i) => mod.results[i]?.status !== b.expect))
      failures.push('a status through the mod is not the expected one');

    // a block placed through the mod, then read back through the mod's read_blocks
    const at = modSession.channel.executorPosition();
    if (!at) throw new Error('the mod reported no player position');
    const pos = { x: Math.floor(at.x) + 2, y: Math.floor(at.y) + 3, z: Math.floor(at.z) + 2 };
    const place = `setblock ${pos.x} ${pos.y} ${pos.z} ${PLACED}`;
    const placed = await executeBatch(modSession, [place], { safety });
    if (placed.results[0]?.status !== 'applied') failures.push(`placing the block was not applied`);
    const readByMod = await readUntil(modSession, pos, PLACED);
    if (readByMod !== PLACED) failures.push('the block read through the mod is not what the server has');

    const lines = BATCH.map((b, i) => `${b.command}\n  expected: ${b.expect}\n  mod: ${row(mod.results[i])}`);
    lines.push(
      `${place}\n  mod: ${row(placed.results[0])}`,
      `read_blocks ${JSON.stringify(pos)}\n  mod: ${readByMod}`,
    );

    if (withBot) {
      const [host, port] = address.split(':');
      const viaBot = mineflayerTarget({ host: host!, port: Number(port), username: BOT, auth: 'offline' });
      try {
        const botSession = await viaBot.get();
        const bot = await executeBatch(botSession, COMMANDS, { safety });
        BATCH.forEach((_, i) => (lines[i] += `\n  bot: ${row(bot.results[i])}`));
        if (BATCH.some((_, i) => bot.results[i]?.status !== mod.results[i]?.status))
          failures.push('statuses differ between the mod and the bot');
        const readByBot = await readUntil(botSession, pos, PLACED);
        lines.push(`the same block as the bot sees it\n  bot: ${readByBot}`);
        if (readByBot !== readByMod) failures.push('the bot sees another block than the mod read');
      } finally {
        await viaBot.close();
      }
    } else lines.push('(no bot: MCBRIDGE_GAMETEST_BOT=false)');

    const verdict = failures.length === 0 ? 'PASS' : `FAIL: ${failures.join('; ')}`;
    writeFileSync(join(dir, 'done'), `${verdict}\n${lines.join('\n')}\n`);
    process.stderr.write(`${verdict}\n${lines.join('\n')}\n`);
    return verdict === 'PASS';
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

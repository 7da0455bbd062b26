/** A real mineflayer bot for tests, with every line it receives recorded in order. */
import mineflayer, { type Bot } from 'mineflayer';

export interface ReceivedLine {
  json: unknown;
  position: string;
  text: string;
}

export interface TestBot {
  bot: Bot;
  lines: ReceivedLine[];
  /** resolves with the lines received after `from` once `predicate` matches one of them */
  waitForLine(predicate: (l: ReceivedLine) => boolean, timeoutMs?: number): Promise<ReceivedLine>;
  quit(): Promise<void>;
}

/** `prepare`: called with the bot as soon as it is made, before it connects (to take packets over, say) */
export async function joinBot(
  host: string,
  port: number,
  username: string,
  prepare?: (bot: Bot) => void,
): Promise<TestBot> {
  const bot = mineflayer.createBot({
    host,
    port,
    username,
    version: '1.21.4',
    auth: 'offline',
    hideErrors: true,
  });
  prepare?.(bot);
  const lines: ReceivedLine[] = [];
  const waiters = new Set<() => void>();
  bot.on('message', (msg, position) => {
    lines.push({ json: msg.json, position, text: msg.toString() });
    for (const w of [...waiters]) w();
  });
  await new Promise<void>((resolve, reject) => {
    // a bound for a busy machine, not a measure of speed
    const timer = setTimeout(() => reject(new Error(`${username} did not spawn within 120 s`)), 120_000);
    bot.once('spawn', () => {
      clearTimeout(timer);
      resolve();
    });
    bot.once('kicked', (reason) => reject(new Error(`kicked: ${JSON.stringify(reason)}`)));
    bot.once('error', reject);
  });
  await bot.waitForChunksToLoad();
  return {
    bot,
    lines,
    waitForLine(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < lines.length; seen++) {
            const line = lines[seen]!;
            if (predicate(line)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(line);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('line not received in time'));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async quit() {
      if (!bot._client.socket?.destroyed) {
        const ended = new Promise((r) => bot.once('end', r));
        bot.quit();
        await ended;
      }
    },
  };
}

let fenceCounter = 0;

/**
 * Sends commands pipelined, each followed by a tellraw fence, and returns each command's own lines.
 * (The product's capture module does this properly; tests of the world use this small version.)
 */
export async function runFenced<const T extends readonly string[]>(
  t: TestBot,
  commands: T,
): Promise<{ -readonly [K in keyof T]: unknown[] }> {
  const base = ++fenceCounter * 100_000;
  const start = t.lines.length;
  commands.forEach((command, i) => {
    t.bot.chat(`/${command}`);
    t.bot.chat(`/tellraw @s {"translate":"test.fence","with":["${base + i}"]}`);
  });
  const last = String(base + commands.length - 1);
  await t.waitForLine((l) => isFence(l.json, last), 10_000);
  const out: unknown[][] = commands.map(() => []);
  let i = 0;
  for (const line of t.lines.slice(start)) {
    if (isFence(line.json)) {
      i++;
      continue;
    }
    // other players arriving or leaving is not feedback (mcbridge's capture filters these the same way)
    const key = (line.json as { translate?: string })?.translate ?? '';
    if (/^(multiplayer\.player\.|chat\.type\.admin)/.test(key)) continue;
    if (line.position === 'system' && i < out.length) out[i]!.push(line.json);
  }
  return out as { -readonly [K in keyof T]: unknown[] };
}

function isFence(json: unknown, n?: string): boolean {
  const j = json as { translate?: string; with?: unknown[] };
  return j?.translate === 'test.fence' && (n === undefined || String(j.with?.[0]) === n);
}

/**
 * Resolves once the bot holds every chunk in `chunks` ("x,z" chunk coordinates), on its chunkColumnLoad
 * events; rejects naming the missing ones after 120 s (a bound for a busy machine, not a speed check).
 */
export function chunksArrive(bot: Bot, chunks: Iterable<string>): Promise<void> {
  const wanted = [...chunks];
  const missing = () =>
    wanted.filter((key) => {
      const [x, z] = key.split(',').map(Number) as [number, number];
      return !bot.world.getColumnAt({ x: x * 16, y: 0, z: z * 16 } as Parameters<
        Bot['world']['getColumnAt']
      >[0]);
    });
  return new Promise((resolve, reject) => {
    const check = () => {
      if (missing().length > 0) return;
      done();
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`the bot never got chunks ${missing().join(' ')}`));
    }, 120_000);
    const done = () => {
      clearTimeout(timer);
      bot.world.off('chunkColumnLoad', check);
    };
    bot.world.on('chunkColumnLoad', check);
    check();
  });
}

/**
 * Real vanilla packets (PrismarineJS/minecraft-packets, data/pc/<version>/from-server/system_chat/, commit
 * e26f177; copied to fixtures/captures/): each raw packet is written byte for byte by a test server to a
 * real mineflayer bot, then goes through mcbridge's own path — MineflayerChannel, fenced capture, the
 * command-line filter, classifyOutcome. The captures: two admin copies of other operators' commands
 * (`chat.type.admin`), a setblock success (1.19.4), "already there" failures, a player joining.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { captureFenced } from '../../src/capture/fenced.js';
import { MineflayerChannel } from '../../src/connection/mineflayer.js';
import { classifyOutcome } from '../../src/outcome/index.js';
import { startProtocolServer } from '../servers/protocol-server.js';

const file = (version: string, n: number, ext: 'raw' | 'json'): string =>
  fileURLToPath(new URL(`./fixtures/captures/${version}/system_chat-${n}.${ext}`, import.meta.url));

/** what each capture is, read from its recorded JSON */
function recorded(version: string, n: number): { key: string | undefined; content: unknown } {
  const { content } = JSON.parse(readFileSync(file(version, n, 'json'), 'utf8')) as { content: string };
  const parsed = JSON.parse(content) as { translate?: string; extra?: Array<{ translate?: string }> };
  return { key: parsed.translate ?? parsed.extra?.[0]?.translate, content: parsed };
}

describe.each(['1.19.4', '1.20.1'])('captured vanilla %s system_chat packets', (version) => {
  test('each packet, sent as the command reply, is decoded and classified as vanilla means it', async () => {
    const server = await startProtocolServer(version, {
      replay: (command) =>
        command.startsWith('replay ') ? [file(version, Number(command.slice(7)), 'raw')] : undefined,
    });
    const channel = await MineflayerChannel.connect({
      host: '127.0.0.1',
      port: server.port,
      username: 'c',
      version,
    });
    try {
      const commands = [1, 2, 3, 4, 5].map((n) => `replay ${n}`);
      const captured = await captureFenced(channel, commands);
      expect(captured.map((c) => c.end)).toEqual(commands.map(() => 'fenced'));
      let classified = 0;
      for (const [i, c] of captured.entries()) {
        const { key, content } = recorded(version, i + 1);
        const out = classifyOutcome({
          command: 'setblock 1 2 3 stone',
          messages: c.lines,
          feedbackEnabled: true,
          version,
        });
        if (key === 'chat.type.admin' || key === 'multiplayer.player.joined') {
          // another operator's command, a player joining: never a line of ours, so silence decides
          expect(c.lines).toEqual([]);
          expect(out.status).toBe('unknown');
          continue;
        }
        // the bot received exactly what vanilla sent
        expect(c.lines.map((l) => l.component)).toEqual([content]);
        classified++;
        if (key === 'commands.setblock.success') {
          expect(out).toMatchObject({
            status: 'applied',
            applied: true,
            detail: { key, args: ['-165', '71', '41'] },
          });
        } else {
          expect(key).toBe('commands.setblock.failed');
          expect(out).toMatchObject({
            status: 'rejected_by_game',
            applied: false,
            detail: { key, noChange: true },
          });
        }
      }
      // 1.19.4: one success + one failure; 1.20.1: two failures
      expect(classified).toBe(2);
    } finally {
      await channel.close();
      await server.close();
    }
  });
});

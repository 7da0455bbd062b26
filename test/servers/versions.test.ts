/**
 * The versions people play besides the embedded world's 1.21.4: servers at 26.2 (protocol 776, spoken through
 * the bot's overlay: src/connection/protocol-overlay.ts) and 26.1 (chat components travel as NBT), and one at
 * 1.20.1 (components travel as JSON strings), all answering in vanilla's shapes (test/servers/vanilla-replies.ts).
 * Through each, a real mineflayer bot connects, mcbridge probes it (gamerule name as the version spells it),
 * sends pipelined commands with fences, attributes every line to its command and classifies it — the same path
 * as on the embedded world. On 1.20.1 the "already there" failure is the real vanilla packet captured by
 * PrismarineJS/minecraft-packets. On 26.2, block reads are off and every answer says why, and a packet the
 * overlay cannot parse ends the connection with a reason that says what to do.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import minecraftData from 'minecraft-data';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { captureFenced } from '../../src/capture/fenced.js';
import { MineflayerChannel } from '../../src/connection/mineflayer.js';
import { feedbackGamerule, probeCapabilities } from '../../src/connection/probe.js';
import { ConnectionSession } from '../../src/connection/session.js';
import { executeBatch } from '../../src/execute/execute-batch.js';
import { classifyOutcome } from '../../src/outcome/index.js';
import { UndoHistory } from '../../src/batch/undo.js';
import { renderBatchText } from '../../src/results/text.js';
import { contextCommand } from '../../src/vocabulary/text/component.js';
import { type ProtocolServer, startProtocolServer } from './protocol-server.js';

const capture = (version: string, n: number): string =>
  fileURLToPath(new URL(`../outcome/fixtures/captures/${version}/system_chat-${n}.raw`, import.meta.url));

/** where minecraft-data's protocol.json keeps a state's packet ids */
interface ProtocolIds {
  play: {
    toClient: { types: { packet: [string, [{ type: [string, { mappings: Record<string, string> }] }]] } };
  };
}

const VERSIONS = [
  { version: '26.2', protocol: 776, rule: 'send_command_feedback', wire: 'NBT' },
  { version: '26.1', protocol: 775, rule: 'send_command_feedback', wire: 'NBT' },
  { version: '1.20.1', protocol: 763, rule: 'sendCommandFeedback', wire: 'JSON string' },
] as const;

describe.each(VERSIONS)('Minecraft $version (components as $wire)', ({ version, protocol, rule }) => {
  let server: ProtocolServer;
  let channel: MineflayerChannel;
  let replayed = 0;

  beforeAll(async () => {
    let failedOnce = false;
    server = await startProtocolServer(version, {
      // 1.20.1: the second identical setblock is answered with vanilla's own captured bytes
      replay: (command) => {
        if (version !== '1.20.1' || command !== 'setblock 1 2 3 stone') return undefined;
        if (!failedOnce) {
          failedOnce = true;
          return undefined;
        }
        replayed++;
        return [capture('1.20.1', 3)];
      },
    });
    channel = await MineflayerChannel.connect({
      host: '127.0.0.1',
      port: server.port,
      username: 'v',
      version,
    });
  });
  afterAll(async () => {
    await channel?.close();
    await server?.close();
  });

  test('the bot speaks the version, and the probe asks for the gamerule as this version spells it', async () => {
    expect(channel.version).toBe(version);
    expect(server.joinedWith).toEqual([protocol]);
    expect(feedbackGamerule(version)).toBe(rule);
    const caps = await probeCapabilities(channel);
    expect(caps).toEqual({
      op: true,
      fenceWorks: true,
      feedbackEnabled: true,
      keyedFeedback: true,
      colourMeaningful: true,
      strategy: 'fenced',
    });
    expect(server.commands).toContain(`gamerule ${rule}`);
  });

  test('pipelined commands: each gets exactly its own lines and the status vanilla means', async () => {
    const commands = [
      'setblock 1 2 3 stone',
      'setblock 1 2 3 stone',
      'nosuchcommand at all',
      `gamerule ${rule === 'sendCommandFeedback' ? 'send_command_feedback' : 'sendCommandFeedback'}`,
      'setblock 4 5 6 dirt',
    ];
    const captured = await captureFenced(channel, commands);
    expect(captured.map((c) => c.end)).toEqual(commands.map(() => 'fenced'));
    expect(captured.map((c) => c.lines.length)).toEqual([1, 1, 2, 2, 1]);
    const outcomes = captured.map((c) =>
      classifyOutcome({ command: c.command, messages: c.lines, feedbackEnabled: true, version }),
    );
    expect(outcomes[0]).toMatchObject({
      status: 'applied',
      applied: true,
      detail: { key: 'commands.setblock.success', args: ['1', '2', '3'] },
    });
    expect(outcomes[1]).toMatchObject({
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.setblock.failed', noChange: true },
    });
    expect(outcomes[2]).toMatchObject({
      status: 'rejected_by_game',
      detail: { key: 'command.unknown.command' },
    });
    // the context line names the command it belongs to, whichever way this version writes click events
    expect(contextCommand(captured[2]!.lines[1]!.component)).toBe('nosuchcommand at all');
    expect(replayed).toBe(version === '1.20.1' ? 1 : 0);
    expect(outcomes[3]).toMatchObject({
      status: 'rejected_by_game',
      detail: { key: 'command.unknown.argument' },
    });
    expect(outcomes[4]).toMatchObject({
      status: 'applied',
      detail: { key: 'commands.setblock.success', args: ['4', '5', '6'] },
    });
  });

  test('a whole batch through executeBatch (safety, fenced capture, outcome, hint) gets vanilla statuses', async () => {
    const session = await ConnectionSession.open(channel);
    expect(session.info()).toMatchObject({
      version,
      op: true,
      captureStrategy: 'fenced',
      keyedFeedback: true,
    });
    // the test server has no chunks to read back: verification is not what this test is about
    const batch = await executeBatch(
      session,
      ['setblock 7 8 9 minecraft:stone', 'setblock 7 8 9 minecraft:stone', 'gamerule noSuchRule'],
      { verify: false },
    );
    expect(batch.results.map((r) => [r.status, r.applied, r.detail?.key, r.detail?.noChange])).toEqual([
      ['applied', true, 'commands.setblock.success', undefined],
      ['rejected_by_game', false, 'commands.setblock.failed', true],
      ['rejected_by_game', false, 'command.unknown.argument', undefined],
    ]);
    expect(batch.results[2]!.chatMessages).toHaveLength(2);
    expect(batch).toMatchObject({ totalCommands: 3, acceptedCount: 3, appliedCount: 1 });
  });
});

describe('Minecraft 26.2 through the overlay: block reads are off, and every answer says why', () => {
  let server: ProtocolServer;
  let channel: MineflayerChannel;
  // a system_chat packet whose content is a compound holding a tag type no NBT has: a packet the bot cannot
  // parse, as a real 26.2 server's packet in a layout the overlay lacks can be (protodef drops one that is
  // merely cut short, logging it to stderr, and it reports this one)
  const unreadable = join(mkdtempSync(join(tmpdir(), 'mcbridge-26.2-')), 'system_chat-cut.raw');
  beforeAll(async () => {
    const id = (minecraftData('26.2').protocol as unknown as ProtocolIds).play.toClient.types.packet[1][0]
      .type[1].mappings;
    const systemChat = Number(Object.entries(id).find(([, name]) => name === 'system_chat')![0]);
    writeFileSync(unreadable, Buffer.from([systemChat, 0x0a, 0x63, 0x00, 0x00]));
    server = await startProtocolServer('26.2', {
      replay: (command) => (command === 'say unreadable' ? [unreadable] : undefined),
    });
    channel = await MineflayerChannel.connect({
      host: '127.0.0.1',
      port: server.port,
      username: 'r',
      version: '26.2',
    });
  });
  afterAll(async () => {
    await channel?.close();
    await server?.close();
  });

  test('connection info, and a batch whose undo cannot snapshot: the reason is in the text a model reads', async () => {
    const session = await ConnectionSession.open(channel);
    expect(session.info().blockReadsOff).toMatch(
      /^block reads \(verification, undo, renders\) are off for Minecraft 26\.2: /,
    );
    const undo = new UndoHistory();
    const batch = await executeBatch(session, ['setblock 10 11 12 minecraft:stone'], { undo });
    expect(batch.results.map((r) => r.status)).toEqual(['applied']);
    expect(batch.results[0]!.verification).toBeUndefined();
    expect(batch.undo).toMatchObject({
      status: 'not_recorded',
      reason: expect.stringMatching(
        /^block reads \(verification, undo, renders\) are off for Minecraft 26\.2: .*, so nothing could be snapshotted$/,
      ),
    });
    const text = renderBatchText(batch);
    expect(text).toMatch(/^1\/1 applied, /);
    expect(text).not.toMatch(/read back from the world/);
    expect(text).toMatch(
      /undo: not recorded — block reads \(verification, undo, renders\) are off for Minecraft 26\.2/,
    );
  });

  // last: it ends the connection
  test('a packet the overlay cannot read ends the connection with a reason that says why and what to do', async () => {
    const closed = new Promise<string>((resolve) => channel.onClose(resolve));
    channel.sendCommand('say unreadable');
    const reason = await closed;
    expect(reason).toMatch(/^connection error: Parse error for play\.toClient/);
    expect(reason).toMatch(/speaks Minecraft 26\.2 through mcbridge's protocol overlay/);
    expect(reason).toMatch(
      /ViaVersion \+ ViaBackwards on the server \(the bot then joins as 26\.1\.x, block reads on\)/,
    );
  });
});

test('a 26.2 server is detected from its status ping and joined as 26.2', async () => {
  const server = await startProtocolServer('26.2');
  try {
    const channel = await MineflayerChannel.connect({ host: '127.0.0.1', port: server.port, username: 'd' });
    try {
      expect(channel.version).toBe('26.2');
      expect(server.joinedWith).toEqual([776]);
    } finally {
      await channel.close();
    }
  } finally {
    await server.close();
  }
});

/**
 * Teleports of the bot. The server moving the bot is proof that a tp applied: vanilla's
 * TeleportCommand.performTeleport sends the position packet to the player it moves (and, when feedback is
 * on, `commands.teleport.success.*`). A server that answers tp with no line at all still sends the packet,
 * so the packet alone decides. Every tp ends its send segment, so a packet seen while that segment ran
 * (or just after) belongs to that tp.
 */
import type { ParsedCommand } from '../commands/parse.js';
import type { CommandChannel } from '../connection/channel.js';
import type { CommandResult } from '../results/schema.js';
import { prepareReads } from '../connection/block-reads.js';
import type { Box } from '../vocabulary/blocks/box.js';

/** `bot`: it can only move the bot; `maybe`: it may (or may not) move the bot. */
export type MoveExpectation = 'bot' | 'maybe';

/** How long to wait for the position packet of a tp of the bot that has not arrived with its reply. */
const PACKET_WAIT_MS = 1000;

export function teleportExpectation(
  parsed: ParsedCommand | undefined,
  username: string,
): MoveExpectation | undefined {
  if (!parsed || (parsed.effectiveName !== 'tp' && parsed.effectiveName !== 'teleport')) return undefined;
  const ofTp = parsed.selectors.filter((s) => s.command === 'tp' || s.command === 'teleport');
  const targets = ofTp.filter((s) => s.role === 'target');
  const isBot = (s: (typeof targets)[number]) =>
    (s.kind === 'selector' && s.variable === 's' && !s.mayHitPlayers) ||
    (s.kind === 'name' && s.raw.toLowerCase() === username.toLowerCase());
  // `execute as|at <someone else>`: @s may then be another entity (a pig cannot be a player, so the
  // parser's mayHitPlayers does not tell)
  const otherSource = parsed.selectors.some(
    (s) => s.role === 'source' && s.raw !== '@s' && s.raw.toLowerCase() !== username.toLowerCase(),
  );
  return targets.length > 0 && targets.every(isBot) && !otherSource ? 'bot' : 'maybe';
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** How far around the bot a teleport waits for chunks: the 5 × 5 columns about it. */
const ARRIVAL_RADIUS = 32;

const aroundBot = (p: { x: number; y: number; z: number }): Box => {
  const x = Math.floor(p.x);
  const y = Math.floor(p.y);
  const z = Math.floor(p.z);
  return {
    min: { x: x - ARRIVAL_RADIUS, y, z: z - ARRIVAL_RADIUS },
    max: { x: x + ARRIVAL_RADIUS, y, z: z + ARRIVAL_RADIUS },
  };
};

export class BotMoves {
  private seen = 0;
  private readonly stop: () => void;
  private wake: (() => void) | undefined;

  constructor(
    private readonly channel: CommandChannel,
    /** per command index, whether it may move the bot */
    private readonly expected: ReadonlyMap<number, MoveExpectation>,
  ) {
    this.stop =
      channel.onTeleport?.(() => {
        this.seen++;
        this.wake?.();
      }) ?? (() => {});
  }

  /** A tp goes last in its segment, so that a position packet can be told apart. */
  endsSegment(index: number): boolean {
    return this.expected.has(index);
  }

  /** Call before sending a segment: packets from here on belong to it. */
  mark(): number {
    return this.seen;
  }

  /** After the segment ending in `index` was captured: attach the new position, upgrade a silent tp. */
  async settle(index: number, since: number, result: CommandResult): Promise<void> {
    const expectation = this.expected.get(index);
    if (expectation === undefined || !this.channel.onTeleport || !result.accepted) return;
    if (result.status !== 'applied' && result.status !== 'unknown') return;
    // vanilla sends the packet before its success line; a server that sends it later gets a moment
    if (this.seen === since && expectation === 'bot') await this.packetOrTimeout(PACKET_WAIT_MS);
    if (this.seen === since) return;
    const p = this.channel.executorPosition();
    if (!p) return;
    result.botPosition = { x: round(p.x), y: round(p.y), z: round(p.z) };
    // the answer comes once the chunks around the bot's new place have arrived (those the server sends:
    // chunk-arrival.ts), so that the next call can write and read there
    await prepareReads(this.channel, [aroundBot(p)]);
    if (result.status === 'unknown') {
      result.status = 'applied';
      result.applied = true;
      result.summary = `Teleported: the server moved the bot to ${result.botPosition.x} ${result.botPosition.y} ${result.botPosition.z}`;
      result.detail = { ...result.detail, reason: 'the server sent the bot its new position' };
    }
  }

  close(): void {
    this.stop();
  }

  private packetOrTimeout(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}

/** get_connection_info's policy shape, and the text lines for the bot's place and the policy. */
import { z } from 'zod';
import type { ChunkRect, LoadedArea } from '../../connection/loaded-area.js';
import type { BotPlace } from '../../connection/where.js';
import type { SafetyConfig } from '../../safety/config.js';

export const PolicySchema = z.object({
  /** commands that may be sent (also through execute … run) */
  allow: z.array(z.string()),
  /** refused on top of the built-in deny list */
  deny: z.array(z.string()),
  /** block writes, summons and teleports must stay inside these boxes; null: anywhere */
  buildZones: z
    .array(
      z.object({
        from: z.array(z.number().int()),
        to: z.array(z.number().int()),
        dimension: z.string().optional(),
      }),
    )
    .nullable(),
  maxFillVolume: z.number().int(),
  maxBatchVolume: z.number().int(),
  maxGiveCount: z.number().int(),
  /** block_batch: one refusal sends nothing of the batch; skip_command: only that command is not sent */
  onRefusal: z.enum(['block_batch', 'skip_command']),
  /** whether validate_safety: false is honoured */
  allowUnsafe: z.boolean(),
  /** commands whose selectors may not reach other players */
  protectPlayers: z.array(z.string()),
});
export type PolicySummary = z.infer<typeof PolicySchema>;

export function policySummary(config: SafetyConfig): PolicySummary {
  return {
    allow: [...config.allow],
    deny: [...config.deny],
    buildZones: config.buildZone
      ? config.buildZone.map((b) => ({
          from: [...b.from],
          to: [...b.to],
          ...(b.dimension ? { dimension: b.dimension } : {}),
        }))
      : null,
    maxFillVolume: config.maxFillVolume,
    maxBatchVolume: config.maxBatchVolume,
    maxGiveCount: config.maxGiveCount,
    onRefusal: config.onRefusal,
    allowUnsafe: config.allowUnsafe,
    protectPlayers: [...config.protectPlayers],
  };
}

const fmt = (n: number) => n.toLocaleString('en-US');

export function placeText(bot: BotPlace): string {
  const { position: p, block: b } = bot;
  const parts = [
    `bot at ${p.x} ${p.y} ${p.z} (block ${b.x} ${b.y} ${b.z}) in ${bot.dimension ?? 'an unknown dimension'}, facing ${bot.facing}`,
    groundText(bot),
  ];
  if (bot.world) parts.push(`world y ${bot.world.minY}..${bot.world.maxY}`);
  parts.push(
    bot.loaded
      ? `loaded: ${loadedAreaText(bot.loaded, 'bot.loaded')}; tp @s near an area before building outside it`
      : 'loaded area: unknown',
  );
  return parts.join('; ');
}

/** Standing on the ground, or hovering above it (the server placed it there; nothing holds it up). */
function groundText(bot: BotPlace): string {
  if (bot.groundY === null || bot.aboveGround === null) return 'ground under it: not loaded';
  const block = (bot.groundBlock ?? 'a block').replace(/^minecraft:/, '');
  // on a bottom slab, a carpet or a path the feet are below groundY + 1: standing too
  if (bot.aboveGround < 0.05) return `standing on ${block} (ground under it at y=${bot.groundY})`;
  return `hovering ${bot.aboveGround} block(s) above the ground: ${block} at y=${bot.groundY} is the first block under its feet (stand at y=${bot.groundY + 1})`;
}

/** How the connection's player signs in to the server. */
export const SignInModeSchema = z.enum(['offline', 'microsoft', 'client']);
export type SignInMode = z.infer<typeof SignInModeSchema>;

export function signInModeText(mode: SignInMode, signedInAs?: string): string {
  if (mode === 'offline')
    return 'signs in: offline (a name without a Microsoft account; the server must run with online-mode=false)';
  if (mode === 'microsoft')
    return `signs in: with a Microsoft account${signedInAs ? ` (signed in as ${signedInAs})` : ' (not signed in yet)'}`;
  return "signs in: as the player of the Minecraft client on the bridge's other end, with that client's own account";
}

export function policyText(p: PolicySummary): string {
  const zones = p.buildZones
    ? p.buildZones
        .map((z) => `${z.from.join(' ')} to ${z.to.join(' ')}${z.dimension ? ` in ${z.dimension}` : ''}`)
        .join(', ')
    : 'none (anywhere)';
  return [
    `policy: allowed commands: ${p.allow.join(', ')}${p.deny.length ? `; also denied: ${p.deny.join(', ')}` : ''}`,
    `build zones: ${zones}`,
    `limits: fill/clone ≤ ${fmt(p.maxFillVolume)} blocks, a batch ≤ ${fmt(p.maxBatchVolume)} blocks, give ≤ ${fmt(p.maxGiveCount)} items`,
    p.onRefusal === 'block_batch'
      ? 'one refused command stops the whole batch'
      : 'a refused command is skipped, the rest are sent',
  ].join('; ');
}

const span = (r: ChunkRect) => `x ${r.min.x}..${r.max.x}, z ${r.min.z}..${r.max.z}`;
/** at most this many rectangles in a line of text; the structured answer holds them all */
const TEXT_PARTS = 8;

const listed = (rects: readonly ChunkRect[], where: string) =>
  rects.length <= TEXT_PARTS
    ? rects.map(span).join('; ')
    : `${rects.slice(0, TEXT_PARTS).map(span).join('; ')}; and ${rects.length - TEXT_PARTS} more (${where})`;

/** The loaded area in one line: the box when it is whole, else the box and its holes, or the parts. */
export function loadedAreaText(area: LoadedArea, where: string): string {
  const box = span(area);
  if (area.notLoaded.length === 0) return `${box} (${area.chunks} chunks, the whole box)`;
  const holes = area.notLoaded.reduce(
    (n, r) => n + ((r.max.x - r.min.x + 1) / 16) * ((r.max.z - r.min.z + 1) / 16),
    0,
  );
  // the box with its holes reads best where the box is mostly loaded and the holes take no more words
  if (holes < area.chunks && area.notLoaded.length <= area.areas.length + 1)
    return `${box} except ${listed(area.notLoaded, `${where}.notLoaded`)} (${area.chunks} chunks; those ${holes} are not loaded)`;
  return `${listed(area.areas, `${where}.areas`)} (${area.chunks} chunks in ${area.areas.length} parts)`;
}

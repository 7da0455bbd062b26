/** get_connection_info's policy shape, and the text lines for the bot's place and the policy. */
import { z } from 'zod';
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
    bot.groundY !== null
      ? `ground under it at y=${bot.groundY} (stand at y=${bot.groundY + 1})`
      : 'ground under it: not loaded',
  ];
  if (bot.world) parts.push(`world y ${bot.world.minY}..${bot.world.maxY}`);
  parts.push(
    bot.loaded
      ? `loaded: x ${bot.loaded.min.x}..${bot.loaded.max.x}, z ${bot.loaded.min.z}..${bot.loaded.max.z} (${bot.loaded.chunks} chunks; tp @s near an area before building outside it)`
      : 'loaded area: unknown',
  );
  return parts.join('; ');
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

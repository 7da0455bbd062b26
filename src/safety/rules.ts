/** The safety rules, one function each. A rule returns a refusal, or undefined when the command passes. */
import { commandVolume, regionsOfWrite, type WriteRegion } from '../commands/block-box.js';
import { coveredBy, formatBox, volumeOf } from '../vocabulary/blocks/box.js';
import type { Box } from '../vocabulary/blocks/box.js';
import type { ParsedCommand } from '../commands/parse.js';
import type { SafetyConfig, ZoneBox } from './config.js';

export type SafetyRule =
  | 'illegal_characters'
  | 'command_too_long'
  | 'denied_command'
  | 'not_allowed'
  | 'unparseable'
  | 'player_selector'
  | 'give_count'
  | 'fill_volume'
  | 'build_zone'
  | 'batch_volume'
  | 'batch_blocked';

export interface Refusal {
  rule: SafetyRule;
  summary: string;
}

const refuse = (rule: SafetyRule, problem: string, fix: string): Refusal => ({
  rule,
  summary: `refused by safety rule ${rule}: ${problem}. Fix: ${fix}`,
});

/** Always denied, whatever the config and validate_safety say. `ban`, `pardon`, `save-` are prefixes. */
export const HARD_DENY = [
  'op',
  'deop',
  'stop',
  'reload',
  'whitelist',
  'kick',
  'debug',
  'perf',
  'jfr',
  'transfer',
];
export const HARD_DENY_PREFIXES = ['ban', 'pardon', 'save-'];

export { illegalCharacters } from './characters.js';

/** 256 before 1.20.5, 32,767 from 1.20.5; an unreadable version gets the smaller limit. */
export function commandLengthLimit(version: string): number {
  const m = /^1\.(\d+)(?:\.(\d+))?/.exec(version.trim());
  if (m === null) return 256;
  const minor = Number(m[1]);
  const patch = Number(m[2] ?? 0);
  return minor > 20 || (minor === 20 && patch >= 5) ? 32_767 : 256;
}

export function tooLong(text: string, version: string): Refusal | undefined {
  const body = text.startsWith('/') ? text.slice(1) : text;
  const limit = commandLengthLimit(version);
  if (body.length <= limit) return undefined;
  return refuse(
    'command_too_long',
    `${body.length} characters, over the ${limit}-character limit of Minecraft ${version}`,
    'split it into several shorter commands',
  );
}

export function isDenied(name: string, config: SafetyConfig): boolean {
  const base = name.slice(name.lastIndexOf(':') + 1);
  return (
    HARD_DENY.includes(base) ||
    HARD_DENY_PREFIXES.some((p) => base.startsWith(p)) ||
    config.deny.includes(name) ||
    config.deny.includes(base)
  );
}

/** Names reached by `run` in text the parser could not finish, so a parse error cannot hide `run op`. */
function namesAfterRun(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/(?:^|\s)run\s+\/?(\S+)/g)) if (m[1]) names.push(m[1].toLowerCase());
  return names;
}

export function deniedCommand(parsed: ParsedCommand, config: SafetyConfig): Refusal | undefined {
  const names = parsed.ok ? parsed.invokes : [...parsed.invokes, ...namesAfterRun(parsed.text)];
  const denied = names.find((n) => isDenied(n, config));
  if (denied === undefined) return undefined;
  return refuse(
    'denied_command',
    `"${denied}" is on the deny list and is never sent, not even through execute … run or with validate_safety false`,
    'ask the server operator to run it in the server console',
  );
}

export function notAllowed(parsed: ParsedCommand, config: SafetyConfig): Refusal | undefined {
  const missing = parsed.invokes.find((n) => !config.allow.includes(n));
  if (missing === undefined) return undefined;
  const via = missing === parsed.name ? '' : ` (reached through ${parsed.name})`;
  return refuse(
    'not_allowed',
    `"${missing}"${via} is not on the allow list (${config.allow.join(', ')})`,
    'use an allowed command, or ask the operator to add it to "allow" in the safety config',
  );
}

export function unparseable(parsed: ParsedCommand): Refusal | undefined {
  if (parsed.ok) return undefined;
  return refuse(
    'unparseable',
    `cannot tell what the command touches: ${parsed.error.message} at offset ${parsed.error.position} ` +
      `("${parsed.text.slice(Math.max(0, parsed.error.position - 10), parsed.error.position + 10)}")`,
    'correct the syntax (block ids like minecraft:stone[facing=north], coordinates as x y z, ~ or ^)',
  );
}

export function playerSelector(parsed: ParsedCommand, config: SafetyConfig): Refusal | undefined {
  const hit = parsed.selectors.find(
    (s) => s.role === 'target' && s.mayHitPlayers && config.protectPlayers.includes(s.command),
  );
  if (hit === undefined) return undefined;
  const how = hit.raw === '@s' ? '@s (after execute as/on, @s may be other players)' : hit.raw;
  return refuse(
    'player_selector',
    `${hit.command} with ${how} can hit players`,
    hit.variable === 'e' || hit.variable === 'n'
      ? `add type=!player or a specific type, e.g. @${hit.variable}[type=minecraft:zombie]`
      : 'target @s (the bot) or entities of a given type, e.g. @e[type=minecraft:item]',
  );
}

export function giveCount(parsed: ParsedCommand, config: SafetyConfig): Refusal | undefined {
  const big = parsed.gives.find((g) => g.count > config.maxGiveCount);
  if (big === undefined) return undefined;
  return refuse(
    'give_count',
    `give of ${big.count} ${big.item} is over the limit of ${config.maxGiveCount}`,
    `give at most ${config.maxGiveCount} at a time`,
  );
}

export function fillVolume(parsed: ParsedCommand, config: SafetyConfig): Refusal | undefined {
  const big = parsed.blockWrites.find((w) => commandVolume(w) > config.maxFillVolume);
  if (big === undefined) return undefined;
  return refuse(
    'fill_volume',
    `${big.kind} of ${commandVolume(big)} blocks is over the limit of ${config.maxFillVolume}`,
    'split the region into smaller boxes',
  );
}

/** Every block the command changes: the batch volume limit counts these. */
export function writtenVolume(parsed: ParsedCommand): number {
  let total = 0;
  for (const w of parsed.blockWrites) for (const r of regionsOfWrite(w)) total += volumeOf(r.box);
  return total;
}

function zoneBox(z: ZoneBox): Box {
  const [ax, ay, az] = z.from;
  const [bx, by, bz] = z.to;
  return {
    min: { x: Math.min(ax, bx), y: Math.min(ay, by), z: Math.min(az, bz) },
    max: { x: Math.max(ax, bx), y: Math.max(ay, by), z: Math.max(az, bz) },
  };
}

function describeZone(zone: readonly ZoneBox[]): string {
  return zone.map((z) => `${formatBox(zoneBox(z))}${z.dimension ? ` in ${z.dimension}` : ''}`).join('; ');
}

function inZone(region: WriteRegion, zone: readonly ZoneBox[]): boolean {
  const boxes = zone
    .filter((z) => z.dimension === undefined || z.dimension === region.dimension)
    .map(zoneBox);
  return coveredBy(region.box, boxes);
}

export function buildZone(parsed: ParsedCommand, config: SafetyConfig): Refusal | undefined {
  const zone = config.buildZone;
  if (zone === undefined) return undefined;
  const outside = (what: string) =>
    refuse(
      'build_zone',
      `${what} is outside the build zone (${describeZone(zone)})`,
      'use coordinates inside the zone, or ask the operator to widen "buildZone" in the safety config',
    );
  const unknown = (what: string) =>
    refuse(
      'build_zone',
      `${what} cannot be checked against the build zone: ${parsed.unresolvedReasons.join('; ') || 'its dimension is unknown'}`,
      'use absolute coordinates (x y z) inside the zone, without execute as/at other entities',
    );
  for (const w of parsed.blockWrites) {
    if (w.unresolved) return unknown(w.kind);
    for (const region of regionsOfWrite(w)) {
      if (inZone(region, zone)) continue;
      const dimensionless = region.dimension === undefined && zone.every((z) => z.dimension !== undefined);
      const what = `${w.kind} of ${formatBox(region.box)}`;
      return dimensionless ? unknown(what) : outside(what);
    }
  }
  for (const p of parsed.positionWrites) {
    const what = p.kind === 'block_data' ? 'execute store block' : p.kind;
    if (p.unresolved || p.pos === undefined) return unknown(what);
    const at = { x: Math.floor(p.pos.x), y: Math.floor(p.pos.y), z: Math.floor(p.pos.z) };
    const region =
      p.dimension === undefined
        ? { box: { min: at, max: at } }
        : { box: { min: at, max: at }, dimension: p.dimension };
    if (!inZone(region, zone)) return outside(`${what} to ${at.x} ${at.y} ${at.z}`);
  }
  return undefined;
}

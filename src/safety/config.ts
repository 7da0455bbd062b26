/**
 * The safety policy, set by the operator in a JSON file (never by the LLM). Every option has a default;
 * docs/safety.md documents them and must change with this file.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { normalizeCommandName } from '../commands/parse.js';
import { SafetyConfigError } from './errors.js';

/** The commands room building uses: the default allow list. */
export const BUILDING_COMMANDS = [
  'setblock',
  'fill',
  'clone',
  'tp',
  'teleport',
  'summon',
  'give',
  'kill',
  'gamemode',
  'time',
  'weather',
  'gamerule',
  'tellraw',
  'say',
  'execute',
] as const;

/** Commands whose target selectors may not reach other players (`kill @a`, `gamemode survival @a`). */
export const PLAYER_PROTECTED_COMMANDS = [
  'kill',
  'gamemode',
  'tp',
  'teleport',
  'clear',
  'damage',
  'effect',
  'spawnpoint',
  'xp',
  'experience',
] as const;

const CommandNameSchema = z
  .string()
  .regex(/^\/?[A-Za-z0-9_:.-]+$/, 'a command name such as "setblock" (letters, digits, _ : . -)')
  .transform((name) => normalizeCommandName(name.replace(/^\//, '')));

const IntTriple = z.tuple([z.number().int(), z.number().int(), z.number().int()]);

export const ZoneBoxSchema = z.strictObject({
  /** one corner, `[x, y, z]`, inclusive */
  from: IntTriple,
  /** the opposite corner, inclusive; corners may be given in any order */
  to: IntTriple,
  /** namespaced dimension (`minecraft:overworld`); absent = any dimension */
  dimension: z
    .string()
    .regex(/^[a-z0-9_.-]+(:[a-z0-9_./-]+)?$/, 'a dimension id such as "minecraft:overworld"')
    .transform((d) => (d.includes(':') ? d : `minecraft:${d}`))
    .optional(),
});
export type ZoneBox = z.infer<typeof ZoneBoxSchema>;

export const SafetyConfigSchema = z.strictObject({
  /** lets editors find a JSON schema; ignored */
  $schema: z.string().optional(),
  /** commands that may be sent (checked for the root and every command reached through execute … run) */
  allow: z.array(CommandNameSchema).default(() => [...BUILDING_COMMANDS]),
  /** extra commands to refuse, on top of the built-in hard deny list (which cannot be removed) */
  deny: z.array(CommandNameSchema).default(() => []),
  /** honour `validate_safety: false` from the LLM (the hard deny list and kick checks still apply) */
  allowUnsafe: z.boolean().default(false),
  /** `block_batch`: one refusal sends nothing of the batch; `skip_command`: only that command is not sent */
  onRefusal: z.enum(['block_batch', 'skip_command']).default('block_batch'),
  /** boxes block writes, summons and teleports must stay in; absent = no build zone */
  buildZone: z.array(ZoneBoxSchema).min(1).optional(),
  /** blocks per fill or clone (vanilla's commandModificationBlockLimit default) */
  maxFillVolume: z.number().int().positive().default(32_768),
  /** blocks written by all commands of one batch together */
  maxBatchVolume: z.number().int().positive().default(262_144),
  /** items per give command */
  maxGiveCount: z.number().int().positive().default(64),
  /** commands whose targets may not include players other than the executor */
  protectPlayers: z.array(CommandNameSchema).default(() => [...PLAYER_PROTECTED_COMMANDS]),
});
export type SafetyConfig = z.infer<typeof SafetyConfigSchema>;
/** What the operator writes: every field optional. */
export type SafetyConfigInput = z.input<typeof SafetyConfigSchema>;

export const defaultSafetyConfig: SafetyConfig = Object.freeze(SafetyConfigSchema.parse({})) as SafetyConfig;

export const SAFETY_CONFIG_ENV = 'MCBRIDGE_SAFETY_CONFIG';

function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path)
    out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  return out;
}

/** Validates an already-parsed config object; `file` names it in errors. */
export function parseSafetyConfig(value: unknown, file: string): SafetyConfig {
  const result = SafetyConfigSchema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const keys = issue?.code === 'unrecognized_keys' ? issue.keys : [];
  const path = [...(issue?.path ?? []), ...keys.slice(0, 1)];
  const problem = issue?.code === 'unrecognized_keys' ? 'unknown option' : (issue?.message ?? 'invalid');
  throw new SafetyConfigError(file, path.length === 0 ? '(root)' : fieldPath(path), problem, {
    remedy: 'see docs/safety.md for the options and their types',
  });
}

/**
 * Loads the operator's config from `path`, else from `$MCBRIDGE_SAFETY_CONFIG`. No path or a missing file
 * gives the defaults; a file that is not JSON or does not match the schema throws `SafetyConfigError`.
 */
export async function loadSafetyConfig(path?: string): Promise<SafetyConfig> {
  const file = path ?? process.env[SAFETY_CONFIG_ENV];
  if (file === undefined || file === '') return defaultSafetyConfig;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return defaultSafetyConfig;
    throw new SafetyConfigError(file, undefined, `cannot be read (${(e as Error).message})`, { cause: e });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new SafetyConfigError(file, undefined, `is not valid JSON (${(e as Error).message})`, { cause: e });
  }
  return parseSafetyConfig(value, file);
}

/** Reads the companion config file; errors name the file and the field. */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { McbridgeError } from '../vocabulary/errors.js';
import { type CompanionConfig, CompanionConfigSchema } from './schema.js';

export const CONFIG_ENV = 'MCBRIDGE_CONFIG';

export class CompanionConfigError extends McbridgeError {
  override name = 'CompanionConfigError' as const;
  constructor(
    readonly file: string,
    readonly field: string | undefined,
    problem: string,
  ) {
    super(`config ${file}${field ? `: field "${field}"` : ''}: ${problem}`, {
      remedy: 'see docs/configuration.md for the format',
    });
  }
}

export function parseCompanionConfig(value: unknown, file: string): CompanionConfig {
  const result = CompanionConfigSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
      .join('.')
      .replace(/\.\[/g, '[');
    throw new CompanionConfigError(file, field || undefined, issue.message);
  }
  const config = result.data;
  if (config.safetyConfig && !isAbsolute(config.safetyConfig))
    config.safetyConfig = resolve(dirname(file), config.safetyConfig);
  if (config.structureDirs) config.structureDirs = config.structureDirs.map((d) => resolve(dirname(file), d));
  return config;
}

/** `path`, else $MCBRIDGE_CONFIG, else undefined (no config file: flags decide). */
export async function loadCompanionConfig(
  path?: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CompanionConfig | undefined> {
  const file = path ?? env[CONFIG_ENV];
  if (!file) return undefined;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new CompanionConfigError(
      file,
      undefined,
      `cannot read it (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new CompanionConfigError(file, undefined, `not valid JSON: ${(err as Error).message}`);
  }
  return parseCompanionConfig(json, file);
}

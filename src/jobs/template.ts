/** `{{name}}` placeholders in commands, filled from the job's params before anything is sent. */
import { z } from 'zod';
import type { BatchItem } from '../batch/plan.js';
import { JobStateError, TemplateError } from './errors.js';

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export type Params = Record<string, string | number>;

/** placeholders one job may fill: a real job names a few dozen; stated in the schema as `maxProperties` */
export const MAX_PARAMS = 1_000;

/** a job's params, at most MAX_PARAMS of them, refused with the limit as a `too_big` issue of the object */
export const ParamsSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .superRefine((params, ctx) => {
    if (Object.keys(params).length > MAX_PARAMS)
      ctx.addIssue({
        code: 'too_big',
        origin: 'object',
        maximum: MAX_PARAMS,
        inclusive: true,
        input: params,
      });
  })
  .meta({ maxProperties: MAX_PARAMS });

/** a filled command is held to the length of a command given directly (BatchItemSchema, batch/plan.ts) */
export const FILLED_COMMAND_MAX_CHARS = 40_000;
/** and a whole job's filled text to this: a short placeholder can stand for a long value many times over */
export const FILLED_JOB_MAX_CHARS = 16 * 1024 * 1024;

const commandOf = (item: BatchItem) => (typeof item === 'string' ? item : item.command);

/**
 * Fills every placeholder of every item. Throws TemplateError naming each placeholder left unfilled (and
 * the first step using it), so a job never starts with a `{{…}}` left in a command.
 */
export function fillTemplates(items: readonly BatchItem[], params: Params = {}): BatchItem[] {
  const missing = new Map<string, number>();
  // the filled length first, from the placeholders alone: nothing as long as the expansion is built
  let total = 0;
  items.forEach((item, step) => {
    const command = commandOf(item);
    let length = command.length;
    for (const m of command.matchAll(PLACEHOLDER)) {
      const value = Object.hasOwn(params, m[1]!) ? params[m[1]!] : undefined;
      if (value !== undefined) length += String(value).length - m[0].length;
    }
    if (length > FILLED_COMMAND_MAX_CHARS)
      throw new JobStateError(
        `step #${step + 1} would be ${length.toLocaleString('en-US')} characters once its placeholders are filled, more than ${FILLED_COMMAND_MAX_CHARS.toLocaleString('en-US')}; nothing was sent`,
        { remedy: 'use shorter params values or fewer placeholders in that command' },
      );
    total += length;
    if (total > FILLED_JOB_MAX_CHARS)
      throw new JobStateError(
        `the job's commands would hold more than ${FILLED_JOB_MAX_CHARS.toLocaleString('en-US')} characters once filled (at step #${step + 1}); nothing was sent`,
        { remedy: 'split it into several jobs' },
      );
  });
  const filled = items.map((item, step) => {
    const command = commandOf(item).replace(PLACEHOLDER, (whole, name: string) => {
      const value = Object.hasOwn(params, name) ? params[name] : undefined;
      if (value === undefined) {
        if (!missing.has(name)) missing.set(name, step);
        return whole;
      }
      return String(value);
    });
    return typeof item === 'string' ? command : { ...item, command };
  });
  if (missing.size > 0) throw new TemplateError([...missing].map(([name, step]) => ({ name, step })));
  return filled;
}

/** Params as stored in the journal (numbers as text: that is how they went into the commands). */
export const paramsAsText = (params: Params): Record<string, string> =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));

/** `{{name}}` placeholders in commands, filled from the job's params before anything is sent. */
import type { BatchItem } from '../batch/plan.js';
import { TemplateError } from './errors.js';

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export type Params = Record<string, string | number>;

const commandOf = (item: BatchItem) => (typeof item === 'string' ? item : item.command);

/**
 * Fills every placeholder of every item. Throws TemplateError naming each placeholder left unfilled (and
 * the first step using it), so a job never starts with a `{{…}}` left in a command.
 */
export function fillTemplates(items: readonly BatchItem[], params: Params = {}): BatchItem[] {
  const missing = new Map<string, number>();
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

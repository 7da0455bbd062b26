/**
 * Lines as vanilla 1.21.4 sends them, for the classifyOutcome tests: a translate component, the red
 * sendFailure wrapper and the context line of a parse error (net/minecraft/commands/Commands.java
 * performCommand), and a runner for table rows (one row per message shape → status, applied, detail).
 */
import { describe, expect, test } from 'vitest';
import type { CapturedMessage, TextComponent } from '../../src/vocabulary/text/message.js';
import { type ClassifyContext, classifyOutcome } from '../../src/outcome/index.js';
import { languageFor } from '../../src/vocabulary/text/language.js';
import { normalizeComponent, renderPlainText } from '../../src/vocabulary/text/component.js';
import { OutcomeDetailSchema } from '../../src/results/schema.js';

export const lang = languageFor('1.21.4');
export const line = (component: TextComponent, text?: string): CapturedMessage => ({
  component,
  text: text ?? renderPlainText(normalizeComponent(component), lang),
  overlay: false,
});
export const t = (key: string, ...args: TextComponent[]): TextComponent =>
  args.length ? { translate: key, with: args } : { translate: key };
/** vanilla's sendFailure wrapper */
export const red = (inner: TextComponent): TextComponent => ({ text: '', color: 'red', extra: [inner] });
/** the second line of a parse error (Commands.performCommand) */
export const here = (command: string, cursor: number): TextComponent =>
  red({
    text: '',
    color: 'gray',
    clickEvent: { action: 'suggest_command', value: `/${command}` },
    extra: [
      command.slice(0, cursor),
      { text: command.slice(cursor), color: 'red', underlined: true },
      { translate: 'command.context.here', color: 'red', italic: true },
    ],
  });

export type Row = [
  name: string,
  ctx: Partial<ClassifyContext> & { command: string },
  expected: { status: string; applied: boolean | null; detail?: Record<string, unknown>; summary?: RegExp },
];

/** Each row classified (feedback on, en_us 1.21.4 unless the row says otherwise) and checked. */
export function classifyRows(title: string, rows: readonly Row[]): void {
  describe(title, () => {
    test.each(rows)('%s', (_name, ctx, expected) => {
      const out = classifyOutcome({ feedbackEnabled: true, messages: [], version: '1.21.4', ...ctx });
      expect(out.status).toBe(expected.status);
      expect(out.applied).toBe(expected.applied);
      if (expected.detail) expect(out.detail).toMatchObject(expected.detail);
      if (expected.summary) expect(out.summary).toMatch(expected.summary);
      expect(out.summary.length).toBeGreaterThan(0);
      expect(out.summary).not.toMatch(/\n/);
      if (out.detail) expect(OutcomeDetailSchema.parse(out.detail)).toEqual(out.detail);
    });
  });
}

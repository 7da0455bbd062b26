/**
 * Every feedback key of en_us (commands.*, command.*, argument(s).*, parsing.*, permissions.*) for three
 * versions, sent the way vanilla sends it (failures red-wrapped, successes bare), must get the status its
 * rule gives deliberately — no key may fall through to the wrapper fallback. The plain-text path must map
 * each rendered template back to its key, or at least to the same status.
 */
import { describe, expect, test } from 'vitest';
import type { CapturedMessage, TextComponent } from '../../src/capture/message.js';
import {
  classifyOutcome,
  FEEDBACK_KEY,
  findRule,
  formatTemplate,
  languageFor,
  type OutcomeRule,
  plainTextTemplates,
} from '../../src/outcome/index.js';

const VERSIONS = ['1.20.3', '1.21.4', '1.21.11'] as const;

const PLACEHOLDER = /%(?:(\d+)\$)?[sd]/g;
function argCount(template: string): number {
  let sequential = 0;
  let highest = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (m[1] === undefined) sequential++;
    else highest = Math.max(highest, Number(m[1]));
  }
  return Math.max(sequential, highest);
}

/** the argument shapes a 1.20.3+ server produces once its NBT is turned back into JSON */
function argShape(i: number): { arg: TextComponent; text: string } {
  const n = 10 + i;
  switch (i % 4) {
    case 0:
      return { arg: n, text: String(n) };
    case 1:
      return { arg: { '': n } as TextComponent, text: String(n) };
    case 2:
      return { arg: `name${i}`, text: `name${i}` };
    default:
      return { arg: { text: `comp${i}`, color: 'green' }, text: `comp${i}` };
  }
}

const red = (inner: TextComponent): TextComponent => ({ text: '', color: 'red', extra: [inner] });
const sentRed = (rule: OutcomeRule): boolean =>
  rule.status === 'rejected_by_game' || rule.status === 'execution_error';
const expectedOf = (rule: OutcomeRule) =>
  rule.status === 'applied'
    ? { status: 'applied', applied: true }
    : rule.status === 'rejected_by_game'
      ? { status: 'rejected_by_game', applied: false }
      : rule.status === 'execution_error'
        ? { status: 'execution_error', applied: null }
        : { status: 'unknown', applied: null };

/** keys the heuristics below would misjudge, with why they are right as they are */
const SUCCESS_NAMED_EXCEPTIONS = new Set<string>();
const FAILURE_NAMED_EXCEPTIONS = new Set([
  'commands.test.summary.failed', // the tests ran; the report says some failed
  'commands.test.summary.optional_failed',
]);

const feedbackKeys = (version: string): Array<[string, string]> =>
  Object.entries(languageFor(version))
    .filter(([key]) => FEEDBACK_KEY.test(key))
    .sort(([a], [b]) => a.localeCompare(b));

describe.each(VERSIONS)('en_us %s', (version) => {
  const keys = feedbackKeys(version);

  test('every feedback key has a deliberate rule (none falls back to the wrapper)', () => {
    let exact = 0;
    let pattern = 0;
    const fallback: string[] = [];
    for (const [key] of keys) {
      const rule = findRule(key);
      if (!rule) fallback.push(key);
      else if (typeof rule.match === 'string') exact++;
      else pattern++;
    }
    console.info(
      `[outcome corpus ${version}] ${keys.length} keys: ${exact} by exact rule, ${pattern} by pattern rule, ${fallback.length} by wrapper fallback`,
    );
    expect(fallback).toEqual([]);
    expect(keys.length).toBeGreaterThan(600);
  });

  test('a vanilla-shaped line of each key gets its rule status, args and summary', () => {
    const wrong: string[] = [];
    for (const [key, template] of keys) {
      const rule = findRule(key);
      // a lone context line is read as a parse error whose first line was lost (tested in rules.test.ts)
      if (!rule || key === 'command.context.here') continue;
      const shapes = Array.from({ length: argCount(template) }, (_, i) => argShape(i));
      const inner: TextComponent = shapes.length
        ? { translate: key, with: shapes.map((s) => s.arg) }
        : { translate: key };
      const component = sentRed(rule) ? red(inner) : inner;
      const message: CapturedMessage = { component, text: '', overlay: false };
      const out = classifyOutcome({ command: 'x', messages: [message], feedbackEnabled: true, version });
      const expected = expectedOf(rule);
      const rendered = formatTemplate(
        template,
        shapes.map((s) => s.text),
      ).replace(/\s+/g, ' ');
      const problems = [
        out.status !== expected.status && `status ${out.status}≠${expected.status}`,
        out.applied !== expected.applied && `applied ${out.applied}`,
        rule.status !== 'not_feedback' && out.detail?.key !== key && `key ${out.detail?.key}`,
        rule.status !== 'not_feedback' &&
          JSON.stringify(out.detail?.args) !== JSON.stringify(shapes.map((s) => s.text)) &&
          `args ${JSON.stringify(out.detail?.args)}`,
        (out.detail?.noChange ?? false) !== (rule.noChange ?? false) && `noChange ${out.detail?.noChange}`,
        rule.status !== 'not_feedback' &&
          !rule.summary &&
          !out.summary.includes(rendered.trim()) &&
          `summary "${out.summary}"`,
      ].filter(Boolean);
      if (problems.length) wrong.push(`${key}: ${problems.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  test('names agree with statuses: *.success* applied, *.failed/failure/fail* not applied, "Nothing changed" is noChange or a failure', () => {
    const wrong: string[] = [];
    for (const [key, template] of keys) {
      const rule = findRule(key);
      if (!rule) continue;
      if (/\.success(\.|$)/.test(key) && rule.status !== 'applied' && !SUCCESS_NAMED_EXCEPTIONS.has(key)) {
        wrong.push(`${key} is named success but ${rule.status}`);
      }
      if (
        /\.(failed|failure|fail)(\.|_|$)/.test(key) &&
        rule.status === 'applied' &&
        !FAILURE_NAMED_EXCEPTIONS.has(key)
      ) {
        wrong.push(`${key} is named failed but applied`);
      }
      if (/^Nothing changed/.test(template) && rule.status !== 'rejected_by_game') {
        wrong.push(`${key} says nothing changed but is ${rule.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('plain text: each rendered template maps back to its key, or to a key with the same status', () => {
    const templates = plainTextTemplates(version);
    let hits = 0;
    let sameStatus = 0;
    const disagree: string[] = [];
    for (const t of templates) {
      const rule = findRule(t.key);
      if (!rule) continue;
      const args = Array.from({ length: argCount(t.template) }, (_, i) => `v${i + 1}x`);
      const text = formatTemplate(t.template, args);
      const message: CapturedMessage = { component: { text, color: 'red' }, text, overlay: false };
      // colour carries no meaning here (stock flying-squid sends everything red): only the match decides
      const out = classifyOutcome({
        command: 'x',
        messages: [message],
        feedbackEnabled: true,
        version,
        plainText: { colourMeaningful: false },
      });
      const expected = expectedOf(rule);
      if (out.detail?.key === t.key) hits++;
      else if (out.status === expected.status) sameStatus++;
      else
        disagree.push(
          `${t.key} → ${out.detail?.key ?? 'no match'} (${out.status}, expected ${expected.status})`,
        );
    }
    const total = templates.length;
    console.info(
      `[outcome plain-text ${version}] ${total} templates: ${hits} back to their key (${((100 * hits) / total).toFixed(1)}%), ${sameStatus} to another key with the same status, ${disagree.length} disagree`,
    );
    expect(disagree).toEqual([]);
    expect(hits / total).toBeGreaterThan(0.9);
  });
});

describe('plain-text table cost (printed, never asserted on time)', () => {
  test('building the regex table once per version, and matching lines that fit no template', () => {
    const version = '1.21.3';
    languageFor(version);
    const t0 = performance.now();
    const templates = plainTextTemplates(version);
    const built = performance.now() - t0;
    expect(plainTextTemplates(version)).toBe(templates); // cached
    const lines = Array.from(
      { length: 200 },
      (_, i) => `Some server line number ${i} that fits no template, 1, 2, 3`,
    );
    const t1 = performance.now();
    for (const text of lines) {
      const out = classifyOutcome({
        command: 'x',
        messages: [{ component: text, text, overlay: false }],
        feedbackEnabled: true,
        version,
        plainText: { colourMeaningful: false },
      });
      expect(out.status).toBe('unknown');
    }
    const perLine = (performance.now() - t1) / lines.length;
    console.info(
      `[outcome plain-text ${version}] ${templates.length} regexes built in ${built.toFixed(1)} ms; ${(perLine * 1000).toFixed(0)} µs per unmatched line`,
    );
  });
});

/**
 * The outcome corpus, grounded in vanilla's code: test/outcome/fixtures/vanilla-<version>.json lists every
 * translation key the commands of 1.21.4, 1.21.11, 26.1.2 and 26.3 send, with how vanilla sends it (written by
 * scripts/vanilla-corpus.ts from the decompiled trees; 26.3's tree is assembled by scripts/vanilla-corpus/tree-26.3.sh
 * from the 26.3 files that could be read over 26.1.2's, see its fixture's `source`). Each key is rebuilt in the shape vanilla sends
 * it and classified; the expected status comes from the shape (test/outcome/vanilla-shapes.ts), never
 * from our rule table. The plain-text path (servers without translate keys) must map each rendered
 * template back to its key, or at least to a key with the same status.
 */
import { describe, expect, test } from 'vitest';
import type { CapturedMessage, TextComponent } from '../../src/vocabulary/text/message.js';
import { classifyOutcome, FEEDBACK_KEY, findRule, plainTextTemplates } from '../../src/outcome/index.js';
import { languageFor } from '../../src/vocabulary/text/language.js';
import { formatTemplate } from '../../src/vocabulary/text/component.js';
import {
  argCount,
  argShape,
  CORPUS_VERSIONS,
  linesFor,
  loadCorpus,
  MEANING,
  type Meaning,
} from './vanilla-shapes.js';

/**
 * the minecraft-data en_us table for each corpus version (26.1.2 speaks protocol 26.1). 26.3 has none (not in
 * minecraft-data 3.119, nor in the decompiled 26.3 repository, which carries no assets): it borrows 26.1's, and the
 * keys 26.3's code sends that 26.1's table lacks are the fixture's notInLanguage (checked below), classified by key
 * with no arguments and left out of the plain-text check, which needs a template
 */
const LANGUAGE: Readonly<Record<(typeof CORPUS_VERSIONS)[number], string>> = {
  '1.21.4': '1.21.4',
  '1.21.11': '1.21.11',
  '26.1.2': '26.1',
  '26.3': '26.1',
};

function verdictProblem(meaning: Meaning, status: string, applied: boolean | null): string | undefined {
  switch (meaning) {
    case 'applied':
      return status === 'applied' && applied === true ? undefined : `bare line → ${status}`;
    case 'not_applied':
      return (status === 'rejected_by_game' && applied === false) ||
        (status === 'execution_error' && applied === null)
        ? undefined
        : `red line → ${status}/${applied}`;
    case 'parse_error':
      return status === 'rejected_by_game' && applied === false ? undefined : `parse error → ${status}`;
    case 'decides_nothing':
      return status === 'applied' && applied === true ? undefined : `inside a success line → ${status}`;
  }
}

describe.each(CORPUS_VERSIONS)('vanilla %s', (version) => {
  const corpus = loadCorpus(version);
  const lang = languageFor(LANGUAGE[version]);

  test('the corpus covers every key vanilla sends: nothing the scanner found is unresolved', () => {
    expect(corpus.version).toBe(version);
    expect(corpus.unresolved).toEqual([]);
    expect(corpus.keys.length).toBeGreaterThan(600);
    // en_us also holds keys no code sends any more (e.g. commands.give.success.multiple: GiveCommand sends
    // .single in both branches); they are listed, never graded
    const sent = new Set(corpus.keys.map((k) => k.key));
    const unsent = Object.keys(lang).filter((k) => FEEDBACK_KEY.test(k) && !sent.has(k));
    console.info(
      `[vanilla corpus ${version}] ${corpus.keys.length} keys sent by vanilla's code; ${unsent.length} en_us feedback keys of minecraft-data ${LANGUAGE[version]} no code sends: ${unsent.join(' ')}`,
    );
    // the keys that decide most builds are there with the shape vanilla gives them
    const shapes = new Map(corpus.keys.map((k) => [k.key, k.shapes]));
    expect(shapes.get('commands.setblock.success')).toEqual(['success']);
    expect(shapes.get('commands.setblock.failed')).toEqual(['exception']);
    expect(shapes.get('commands.fill.toobig')).toEqual(['exception']);
    expect(shapes.get('commands.forceload.added.none')).toEqual(['failure']);
    expect(shapes.get('command.unknown.command')).toEqual(['parse_error']);
    expect(shapes.get('command.failed')).toEqual(['failure']);
  });

  test('the keys missing from the en_us table are exactly those the fixture lists as notInLanguage', () => {
    const missing = corpus.keys.filter((k) => !(k.key in lang)).map((k) => k.key);
    expect(missing).toEqual(corpus.notInLanguage ?? []);
    // only 26.3 borrows another version's table; every other corpus was written with its own en_us
    if (version !== '26.3') expect(missing).toEqual([]);
    else expect(missing.length).toBeGreaterThan(0);
  });

  test('each key, in each shape vanilla sends it, gets the status that shape means', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const entry of corpus.keys) {
      const template = lang[entry.key] ?? entry.key;
      const args = Array.from({ length: argCount(template) }, (_, i) => argShape(i));
      const inner: TextComponent = args.length
        ? { translate: entry.key, with: args.map((a) => a.arg) }
        : { translate: entry.key };
      for (const shape of entry.shapes) {
        const messages: CapturedMessage[] = linesFor(shape, inner, 'some command');
        const out = classifyOutcome({
          command: 'some command',
          messages,
          feedbackEnabled: true,
          version: LANGUAGE[version],
        });
        checked++;
        const problem = verdictProblem(MEANING[shape], out.status, out.applied);
        if (problem) wrong.push(`${entry.key} (${shape}, ${entry.commands.join('/')}): ${problem}`);
        // a rule may call a failure "nothing changed", never a success
        if (out.detail?.noChange && MEANING[shape] === 'applied')
          wrong.push(`${entry.key}: noChange on a success`);
        // the line's own key and arguments are reported for lines that decide
        if (MEANING[shape] === 'applied' || MEANING[shape] === 'not_applied') {
          if (out.detail?.key !== entry.key)
            wrong.push(`${entry.key} (${shape}): detail.key ${out.detail?.key}`);
          if (JSON.stringify(out.detail?.args) !== JSON.stringify(args.map((a) => a.text)))
            wrong.push(`${entry.key} (${shape}): args ${JSON.stringify(out.detail?.args)}`);
        }
      }
    }
    const shapes = corpus.keys.reduce((n, k) => n + k.shapes.length, 0);
    console.info(
      `[vanilla corpus ${version}] ${corpus.keys.length} keys, ${checked} key × shape lines classified`,
    );
    expect(checked).toBe(shapes);
    expect(wrong).toEqual([]);
  });

  test('no rule contradicts vanilla: a key vanilla only sends red is never ruled applied, nor a bare-only key a failure', () => {
    const wrong: string[] = [];
    for (const entry of corpus.keys) {
      const rule = findRule(entry.key);
      // the wrapper fallback would classify right, but a key of a newer version deserves a row of its own
      if (!rule) wrong.push(`${entry.key}: no rule row (decided by the wrapper fallback)`);
      const meanings = new Set(entry.shapes.map((s) => MEANING[s]));
      const onlyRed = [...meanings].every((m) => m === 'not_applied' || m === 'parse_error');
      const onlyBare = [...meanings].every((m) => m === 'applied');
      if (onlyRed && rule?.status === 'applied')
        wrong.push(`${entry.key}: vanilla sends it red, rule says applied`);
      if (onlyBare && rule && rule.status !== 'applied')
        wrong.push(`${entry.key}: vanilla sends it bare (success), rule says ${rule.status}`);
    }
    expect(wrong).toEqual([]);
  });

  test('with sendCommandFeedback off, a sendSuccess key is never seen: silence reads as applied (inferred)', () => {
    const success = corpus.keys.filter((k) => k.shapes.includes('success'));
    expect(success.length).toBeGreaterThan(250);
    // vanilla's CommandSourceStack.sendSuccess drops the line when the gamerule is off: nothing arrives
    const out = classifyOutcome({ command: 'setblock ~ ~ ~ stone', messages: [], feedbackEnabled: false });
    expect(out).toMatchObject({ status: 'applied', applied: true, detail: { inferred: true } });
  });
});

describe.each(['1.20.3', '1.21.4', '1.21.11', '26.1'])('plain text, en_us %s', (version) => {
  test('each rendered template maps back to its key, or to a key with the same status', () => {
    const templates = plainTextTemplates(version);
    let hits = 0;
    let sameStatus = 0;
    const disagree: string[] = [];
    const statusOf = (key: string | undefined) => (key ? findRule(key)?.status : undefined);
    for (const t of templates) {
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
      if (out.detail?.key === t.key) hits++;
      else if (statusOf(out.detail?.key) === statusOf(t.key)) sameStatus++;
      else disagree.push(`${t.key} → ${out.detail?.key ?? 'no match'} (${out.status})`);
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

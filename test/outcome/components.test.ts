/** Components (normalising, rendering, the vanilla shapes) and the en_us tables per version. */
import { describe, expect, test } from 'vitest';
import { languageFor, resolveLanguageVersion } from '../../src/vocabulary/text/language.js';
import {
  contextCommand,
  findTranslateKeys,
  formatTemplate,
  isContextLine,
  isRedWrapped,
  normalizeComponent,
  renderPlainText,
} from '../../src/vocabulary/text/component.js';
import { here, lang, red, t } from './messages.js';

describe('components', () => {
  test.each([
    [
      '{"":x} unwrapped',
      { translate: 'a', with: [{ '': 5 }, { '': 'x' }] },
      { translate: 'a', with: [5, 'x'] },
    ],
    [
      'nested {"":{...}} unwrapped',
      { text: '', extra: [{ '': { text: 'hi', color: 'red' } }] },
      { text: '', extra: [{ text: 'hi', color: 'red' }] },
    ],
    [
      'other keys kept',
      { translate: 'a', color: 'red', insertion: 'z' },
      { translate: 'a', color: 'red', insertion: 'z' },
    ],
    ['null becomes empty text', null, ''],
  ] as const)('normalizeComponent: %s', (_n, raw, expected) => {
    expect(normalizeComponent(raw)).toEqual(expected);
  });

  test.each([
    ['%s substitution', 'Set %s for %s to %s', ['a', 'b', 'c'], 'Set a for b to c'],
    ['positional', "Function '%2$s' returned %1$s", ['5', 'f'], "Function 'f' returned 5"],
    ['percent sign', '%s%% done', ['50'], '50% done'],
    ['missing arg renders empty', 'a %s b', [], 'a  b'],
  ] as const)('formatTemplate: %s', (_n, template, args, expected) => {
    expect(formatTemplate(template, args)).toBe(expected);
  });

  test('renderPlainText falls back to `fallback`, then the key', () => {
    expect(renderPlainText({ translate: 'no.such.key', fallback: 'Fell back %s', with: ['x'] }, lang)).toBe(
      'Fell back x',
    );
    expect(renderPlainText({ translate: 'no.such.key' }, lang)).toBe('no.such.key');
    expect(renderPlainText(['a', { text: 'b', extra: ['c', 1] }], lang)).toBe('abc1');
  });

  test('findTranslateKeys, isRedWrapped, isContextLine, contextCommand', () => {
    const ctxLine = here('fill 1 2', 8);
    expect(findTranslateKeys(red(t('argument.block.id.invalid', t('block.minecraft.stone'))))).toEqual([
      'argument.block.id.invalid',
      'block.minecraft.stone',
    ]);
    expect(isRedWrapped(red('x'))).toBe(true);
    expect(isRedWrapped({ text: '', extra: [{ text: 'Command not found', color: 'red' }] })).toBe(true);
    expect(isRedWrapped(t('commands.fill.success', 1))).toBe(false);
    expect(isRedWrapped({ text: 'hello', extra: [{ text: 'x', color: 'red' }] })).toBe(false);
    expect(isContextLine(ctxLine)).toBe(true);
    expect(isContextLine(red(t('command.unknown.command')))).toBe(false);
    expect(contextCommand(ctxLine)).toBe('fill 1 2');
    expect(contextCommand({ click_event: { action: 'suggest_command', command: '/x y' }, text: '' })).toBe(
      'x y',
    );
  });
});

describe('language tables', () => {
  test.each([
    ['1.20.3', '1.20.3'],
    ['1.20.4', '1.20.4'],
    ['1.21.4', '1.21.4'],
    ['1.21.11', '1.21.11'],
    ['1.21.7', '1.21.6'],
    ['1.21.2', '1.21.1'],
    [undefined, '1.21.4'],
  ])('%s uses en_us of %s', (version, expected) => {
    expect(resolveLanguageVersion(version)).toBe(expected);
    expect(languageFor(version)['commands.fill.success']).toMatch(/%s/);
  });

  test('a version newer than every table uses the newest one older than it', () => {
    const v = resolveLanguageVersion('1.99.0');
    expect(v).toBeDefined();
    expect(Object.keys(languageFor('1.99.0')).length).toBeGreaterThan(1000);
  });
});

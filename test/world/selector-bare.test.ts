/**
 * A selector without options (the fence's `tellraw @s`) is made once per kind and read without the full
 * parse; what it answers and which kinds it refuses stay vanilla's (EntitySelectorParser, EntityArgument).
 */
import { expect, test } from 'vitest';
import { CommandSyntaxError, StringReader } from '../../src/world/parity/reader.js';
import { readEntityArgument } from '../../src/world/parity/selectors.js';
import type { CommandContext } from '../../src/world/parity/context.js';

// options are never read here: a bare selector does not touch the command context
const ctx = {} as CommandContext;
const players = { single: false, playersOnly: true };
const entity = { single: true, playersOnly: false };

function read(text: string, kind: { single: boolean; playersOnly: boolean }) {
  const reader = new StringReader(text);
  const selector = readEntityArgument(reader, kind, ctx);
  return { selector, rest: reader.input.slice(reader.cursor) };
}

function refusal(text: string, kind: { single: boolean; playersOnly: boolean }): string {
  try {
    read(text, kind);
  } catch (err) {
    if (err instanceof CommandSyntaxError) return err.key;
    throw err;
  }
  return 'accepted';
}

test('@s is the executing entity, read up to the space, the same frozen selector every time', () => {
  const first = read('@s {"text":"a"}', players);
  expect(first.rest).toBe(' {"text":"a"}');
  expect(first.selector).toMatchObject({ currentEntity: true, maxResults: 1, usesSelector: true });
  const second = read('@s', players);
  expect(second.rest).toBe('');
  expect(second.selector).toBe(first.selector);
  expect(Object.isFrozen(first.selector)).toBe(true);
  // another kind is another selector
  expect(read('@s', entity).selector).not.toBe(first.selector);
  expect(read('@s', entity).selector).toMatchObject({ single: true, playersOnly: false });
});

test("a kind's refusals hold for a selector made before", () => {
  expect(read('@a', players).selector).toMatchObject({ maxResults: 2 ** 31 - 1 });
  expect(refusal('@a', entity)).toBe('argument.entity.toomany');
  expect(refusal('@a', entity)).toBe('argument.entity.toomany');
  expect(refusal('@e', players)).toBe('argument.player.entities');
  expect(refusal('@e', { single: true, playersOnly: true })).toBe('argument.player.toomany');
  expect(refusal('@x', players)).toBe('argument.entity.selector.unknown');
  expect(refusal('@', players)).toBe('argument.entity.selector.missing');
});

test('a type followed by more letters stops after the type, as the full parse does', () => {
  expect(read('@sx', players).rest).toBe('x');
  expect(read('@p', players).rest).toBe('');
});

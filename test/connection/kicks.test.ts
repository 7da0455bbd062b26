/** Kick reasons as servers send them, made readable, and the fix mcbridge gives for each. Pure functions. */
import { describe, expect, test } from 'vitest';
import { kickReason, kickRemedy, readableReason } from '../../src/connection/kicks.js';

describe('readableReason', () => {
  test.each([
    ['a plain string', 'Server closed', 'Server closed'],
    [
      'JSON text in a string',
      '{"text":"You are not white-listed on this server!"}',
      'You are not white-listed on this server!',
    ],
    [
      'a translatable component with arguments',
      { translate: 'multiplayer.disconnect.outdated_client', with: ['1.21.4'] },
      'multiplayer.disconnect.outdated_client (1.21.4)',
    ],
    ['text with extra parts', { text: 'Kicked: ', extra: [{ text: 'too fast' }] }, 'Kicked: too fast'],
    [
      'an NBT-derived value wrapper',
      { type: 'compound', value: { text: 'Server restarting' } },
      'Server restarting',
    ],
    ['a number', 42, '42'],
  ])('%s', (_, reason, readable) => {
    expect(readableReason(reason)).toBe(readable);
  });
});

describe('kickRemedy', () => {
  test('a known kick gets its own fix', () => {
    expect(kickRemedy('disconnect.spam')).toMatch(/make the bot an operator/);
    expect(kickRemedy('Kicked for exceeding packet rate limit')).toMatch(/packet-limiter/);
  });
  test.each([
    ['You are not white-listed on this server!', /whitelist/],
    ['Outdated client! Please use 1.21.4', /--version/],
    ['Failed to verify username: not authenticated with Minecraft.net', /online-mode=false/],
  ])('%s', (reason, fix) => {
    expect(kickRemedy(reason)).toMatch(fix);
  });
  test('an unknown reason gets no invented fix', () => {
    expect(kickRemedy('Server closed')).toBeUndefined();
  });
});

test('kickReason says what the server said, and why and what to do when the kick is known', () => {
  expect(kickReason('Server closed')).toBe('kicked by the server: Server closed');
  expect(kickReason('disconnect.spam')).toMatch(
    /^kicked by the server: disconnect\.spam — .*Fix: make the bot an operator/,
  );
});

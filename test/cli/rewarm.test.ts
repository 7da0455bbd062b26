/**
 * The execute path rehearsed again after a collection between calls (src/cli/serve-warm-up.ts): a whole
 * offline round when no call comes, stopped when one does. The rehearsal is the real one (the real
 * executeBatch on its stand-in channel, which answers offline); the log is a real pino logger writing into a
 * string.
 */
import { expect, test } from 'vitest';
import pino from 'pino';
import { rewarmBetweenCalls } from '../../src/cli/serve-warm-up.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';

function rewarm(versions: string[]) {
  let written = '';
  const log = pino({ level: 'debug' }, { write: (line: string) => (written += line) });
  const rewarming = rewarmBetweenCalls({ versions: () => versions, safety: defaultSafetyConfig, log });
  const logged = () =>
    written
      .split('\n')
      .filter((line) => line.includes('"msg":"warm-up: rehearsed between calls"'))
      .map((line) => JSON.parse(line) as { versions: string[]; finished: boolean; ms: number });
  const warnings = () =>
    written.split('\n').filter((line) => line.includes('"msg":"warm-up between calls failed'));
  return { ...rewarming, logged, warnings };
}

test('after a collection between calls the execute path is rehearsed once more, for each version, and logged', async () => {
  const r = rewarm(['1.21.4', '1.21.11', '1.21.4']);
  expect(await r.collected()).toEqual({ finished: true });
  expect(r.logged()).toMatchObject([{ versions: ['1.21.4', '1.21.11'], finished: true }]);
});

test('a call that starts stops the rehearsal; a later collection rehearses again', async () => {
  const r = rewarm(['1.21.4']);
  const stopped = r.collected();
  r.callStarting();
  expect(await stopped).toEqual({ finished: false });
  // a second collection while a rehearsal runs stops the first and runs its own round
  const first = r.collected();
  const second = r.collected();
  expect(await first).toEqual({ finished: false });
  expect(await second).toEqual({ finished: true });
  expect(r.logged().map((l) => l.finished)).toEqual([false, false, true]);
});

test('a version the rehearsal cannot run is said once in the log and left out of later rounds', async () => {
  // 1.12.2: minecraft-data holds too little of it for the stand-in server's lines
  const r = rewarm(['1.12.2', '1.21.4']);
  expect(await r.collected()).toEqual({ finished: false });
  expect(await r.collected()).toEqual({ finished: true });
  expect(r.logged().map((l) => l.versions)).toEqual([['1.12.2', '1.21.4'], ['1.21.4']]);
  expect(r.warnings()).toHaveLength(1);
});

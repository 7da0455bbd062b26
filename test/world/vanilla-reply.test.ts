/** The world's judge of replies fails on every shape vanilla would not send for the expected outcome. */
import { describe, expect, test } from 'vitest';
import { contextLine, red } from '../helpers/vanilla-lines.js';
import { expectFailure, expectParseError, expectSuccess } from './vanilla-reply.js';

const KEY = 'commands.time.set';
const success = { translate: KEY, with: [6000] };
const failure = red({ translate: KEY });
const parse = [red({ translate: 'argument.time.invalid_unit' }), contextLine('time set 5x', 11)];

describe('vanilla-reply', () => {
  test('accepts vanilla’s own shapes', () => {
    expectSuccess([success], KEY);
    expectFailure([failure], KEY);
    expectParseError(parse, 'argument.time.invalid_unit');
  });

  test.each([
    ['a red-wrapped line as a success', () => expectSuccess([failure], KEY)],
    ['a coloured line as a success', () => expectSuccess([{ ...success, color: 'red' }], KEY)],
    ['another key as a success', () => expectSuccess([success], 'commands.time.query')],
    ['two lines as a success', () => expectSuccess([success, success], KEY)],
    ['silence as a success', () => expectSuccess([], KEY)],
    ['a bare line as a failure', () => expectFailure([success], KEY)],
    ['a red line of another key as a failure', () => expectFailure([failure], 'commands.time.query')],
    ['a parse error as a failure', () => expectFailure(parse, 'argument.time.invalid_unit')],
    ['one red line as a parse error', () => expectParseError([parse[0]], 'argument.time.invalid_unit')],
    [
      'a second line without the context marker',
      () => expectParseError([parse[0], failure], 'argument.time.invalid_unit'),
    ],
  ])('rejects %s', (_, judge) => {
    expect(judge).toThrow();
  });
});

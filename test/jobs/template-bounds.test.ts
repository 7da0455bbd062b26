/** A placeholder can stand for a long value many times over: the filled size is refused before it is built. */
import { expect, test } from 'vitest';
import { JobStateError } from '../../src/jobs/errors.js';
import { FILLED_COMMAND_MAX_CHARS, FILLED_JOB_MAX_CHARS, fillTemplates } from '../../src/jobs/template.js';

test('a command that would pass the command length once filled is refused, naming the step and the limit', () => {
  const command = `say ${'{{a}}'.repeat(1_000)}`;
  expect(command.length).toBeLessThan(FILLED_COMMAND_MAX_CHARS);
  const fill = () => fillTemplates(['say ok', command], { a: 'x'.repeat(100) });
  expect(fill).toThrow(JobStateError);
  expect(fill).toThrow(
    /^step #2 would be 100,004 characters once its placeholders are filled, more than 40,000/,
  );
});

test('a job whose filled commands together pass the job limit is refused', () => {
  const each = `say {{a}}`;
  const value = 'y'.repeat(30_000);
  const count = Math.ceil(FILLED_JOB_MAX_CHARS / 30_000) + 1;
  const fill = () =>
    fillTemplates(
      Array.from({ length: count }, () => each),
      { a: value },
    );
  expect(fill).toThrow(/more than 16,777,216 characters once filled/);
});

test('within both limits the commands are filled as before', () => {
  expect(fillTemplates(['say {{a}} {{a}}'], { a: 'hi' })).toEqual(['say hi hi']);
});

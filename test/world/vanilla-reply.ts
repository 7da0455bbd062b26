/**
 * How vanilla 1.21.4 answers a command, judged from the lines themselves — not by mcbridge's classifier,
 * so that the world's tests and the client's rules cannot share a mistake. The shapes are vanilla's
 * (CommandSourceStack.sendSuccess / sendFailure, Commands.performCommand; see test/helpers/vanilla-lines.ts):
 * a success is a bare `{translate, with}`; a failure is wrapped in a red empty component; a parse error is
 * two red lines, the second ending in command.context.here.
 */
import { expect } from 'vitest';

type Line = Record<string, unknown>;

/** one bare success line whose top-level key is `key`: nothing but `translate` and its `with` */
export function expectSuccess(lines: unknown[], key: string): void {
  expect(lines).toHaveLength(1);
  const line = lines[0] as Line;
  expect(line['translate']).toBe(key);
  expect(Object.keys(line).filter((k) => k !== 'translate' && k !== 'with')).toEqual([]);
}

/** `line` is vanilla's failure wrapper, `{"text":"","color":"red","extra":[{translate: key, …}]}` */
function expectRedKey(line: unknown, key: string): void {
  const wrapper = line as Line;
  expect(Object.keys(wrapper).sort()).toEqual(['color', 'extra', 'text']);
  expect(wrapper).toMatchObject({ text: '', color: 'red' });
  expect(wrapper['extra']).toHaveLength(1);
  expect((wrapper['extra'] as Line[])[0]?.['translate']).toBe(key);
}

/** one red failure line carrying `key` (sendFailure, or a thrown command exception without a cursor) */
export function expectFailure(lines: unknown[], key: string): void {
  expect(lines).toHaveLength(1);
  expectRedKey(lines[0], key);
}

/** a parse error: the red key, then the red context line whose last part is command.context.here */
export function expectParseError(lines: unknown[], key: string): void {
  expect(lines).toHaveLength(2);
  expectRedKey(lines[0], key);
  const context = lines[1] as Line;
  expect(context).toMatchObject({ text: '', color: 'red' });
  const parts = ((context['extra'] as Line[] | undefined)?.[0]?.['extra'] ?? []) as Line[];
  expect(parts.at(-1)?.['translate']).toBe('command.context.here');
}

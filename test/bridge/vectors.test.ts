/**
 * The shared protocol vectors (mod-bridge/protocol/vectors) agree with the TypeScript schemas: every valid
 * frame parses in each direction it names and survives a parse unchanged; every invalid one is refused.
 * The Java core reads the same files (mod-bridge/core, VectorsTest).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CompanionToModSchema, ModToCompanionSchema } from '../../src/bridge/protocol.js';

const DIR = join(import.meta.dirname, '../../mod-bridge/protocol/vectors');
const KINDS = [
  'hello',
  'welcome',
  'error',
  'run',
  'sent',
  'refused',
  'message',
  'state',
  'read_blocks',
  'blocks',
  'ping',
  'pong',
];
const schemaFor = (direction: string) => {
  if (direction === 'mod_to_companion') return ModToCompanionSchema;
  if (direction === 'companion_to_mod') return CompanionToModSchema;
  throw new Error(`unknown direction ${direction}`);
};

interface ValidFile {
  kind: string;
  directions: string[];
  examples: unknown[];
}
interface InvalidFile {
  direction: string;
  why: string;
  frame: unknown;
}

const read = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const validFiles = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();
const invalidFiles = readdirSync(join(DIR, 'invalid'))
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('protocol vectors', () => {
  test('there is one vector file per frame kind, and no other', () => {
    expect(validFiles).toEqual(KINDS.map((k) => `${k}.json`).sort());
  });

  test.each(validFiles)(
    '%s: every example is valid in each of its directions and parses unchanged',
    (file) => {
      const v = read<ValidFile>(join(DIR, file));
      expect(`${v.kind}.json`).toBe(file);
      expect(v.examples.length).toBeGreaterThan(0);
      expect(v.directions.length).toBeGreaterThan(0);
      for (const direction of v.directions) {
        for (const example of v.examples) {
          expect(example).toMatchObject({ type: v.kind });
          expect(schemaFor(direction).parse(example)).toEqual(example);
        }
      }
    },
  );

  // PROTOCOL.md: ping, pong and error travel both ways; every other frame has one direction
  const BOTH_WAYS = ['error.json', 'ping.json', 'pong.json'];
  const oneWay = validFiles.filter((f) => !BOTH_WAYS.includes(f));

  test('exactly ping, pong and error name both directions', () => {
    const both = validFiles.filter((f) => read<ValidFile>(join(DIR, f)).directions.length === 2);
    expect(both).toEqual(BOTH_WAYS);
    expect(oneWay.length).toBe(validFiles.length - 3);
  });

  test.each(oneWay)('%s: not valid in the direction it does not name', (file) => {
    const v = read<ValidFile>(join(DIR, file));
    const others = ['mod_to_companion', 'companion_to_mod'].filter((d) => !v.directions.includes(d));
    expect(others).toHaveLength(1);
    for (const example of v.examples) expect(schemaFor(others[0]!).safeParse(example).success).toBe(false);
  });

  test('there are invalid vectors', () => {
    expect(invalidFiles.length).toBeGreaterThanOrEqual(10);
  });

  test.each(invalidFiles)('invalid/%s is refused', (file) => {
    const v = read<InvalidFile>(join(DIR, 'invalid', file));
    expect(v.why.length).toBeGreaterThan(0);
    expect(schemaFor(v.direction).safeParse(v.frame).success).toBe(false);
  });
});

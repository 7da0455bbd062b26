import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { McbridgeError } from '../../src/vocabulary/errors.js';
import {
  BUILDING_COMMANDS,
  defaultSafetyConfig,
  loadSafetyConfig,
  SAFETY_CONFIG_ENV,
} from '../../src/safety/config.js';
import { SafetyConfigError } from '../../src/safety/errors.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcbridge-safety-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

test('defaults are the documented ones', () => {
  expect(defaultSafetyConfig).toEqual({
    allow: [...BUILDING_COMMANDS],
    deny: [],
    allowUnsafe: false,
    onRefusal: 'block_batch',
    maxFillVolume: 32_768,
    maxBatchVolume: 262_144,
    maxGiveCount: 64,
    protectPlayers: [
      'kill',
      'gamemode',
      'tp',
      'teleport',
      'clear',
      'damage',
      'effect',
      'spawnpoint',
      'xp',
      'experience',
    ],
  });
});

describe('loadSafetyConfig', () => {
  test('no path and no env gives the defaults', async () => {
    const saved = process.env[SAFETY_CONFIG_ENV];
    delete process.env[SAFETY_CONFIG_ENV];
    try {
      expect(await loadSafetyConfig()).toEqual(defaultSafetyConfig);
    } finally {
      if (saved !== undefined) process.env[SAFETY_CONFIG_ENV] = saved;
    }
  });

  test('a missing file gives the defaults', async () => {
    expect(await loadSafetyConfig(join(dir, 'nope.json'))).toEqual(defaultSafetyConfig);
  });

  test('a file fills in what it leaves out and normalizes names', async () => {
    const path = await file(
      'ok.json',
      JSON.stringify({
        allow: ['setblock', '/minecraft:fill', 'DATA'],
        deny: ['tellraw'],
        buildZone: [{ from: [10, -64, 10], to: [0, 100, 0], dimension: 'overworld' }],
        onRefusal: 'skip_command',
      }),
    );
    const config = await loadSafetyConfig(path);
    expect(config.allow).toEqual(['setblock', 'fill', 'data']);
    expect(config.deny).toEqual(['tellraw']);
    expect(config.buildZone).toEqual([
      { from: [10, -64, 10], to: [0, 100, 0], dimension: 'minecraft:overworld' },
    ]);
    expect(config.onRefusal).toBe('skip_command');
    expect(config.maxFillVolume).toBe(32_768);
  });

  test('the path can come from MCBRIDGE_SAFETY_CONFIG', async () => {
    const path = await file('env.json', JSON.stringify({ maxGiveCount: 5 }));
    const saved = process.env[SAFETY_CONFIG_ENV];
    process.env[SAFETY_CONFIG_ENV] = path;
    try {
      expect((await loadSafetyConfig()).maxGiveCount).toBe(5);
    } finally {
      if (saved === undefined) delete process.env[SAFETY_CONFIG_ENV];
      else process.env[SAFETY_CONFIG_ENV] = saved;
    }
  });

  test.each([
    ['bad-json.json', '{ "allow": [', undefined, /not valid JSON/],
    ['bad-type.json', '{ "maxFillVolume": "lots" }', 'maxFillVolume', /field "maxFillVolume"/],
    [
      'bad-zone.json',
      '{ "buildZone": [{ "from": [0, 0], "to": [1, 1, 1] }] }',
      'buildZone[0].from',
      /buildZone\[0\]\.from/,
    ],
    [
      'bad-float.json',
      '{ "buildZone": [{ "from": [0, 0.5, 0], "to": [1, 1, 1] }] }',
      'buildZone[0].from[1]',
      /from\[1\]/,
    ],
    ['unknown-key.json', '{ "alow": ["fill"] }', 'alow', /field "alow": unknown option/],
    ['bad-enum.json', '{ "onRefusal": "maybe" }', 'onRefusal', /onRefusal/],
    ['empty-zone.json', '{ "buildZone": [] }', 'buildZone', /buildZone/],
    ['bad-name.json', '{ "allow": ["set block"] }', 'allow[0]', /allow\[0\]/],
  ])('%s is refused with a typed error naming the file and field', async (name, text, field, message) => {
    const path = await file(name, text);
    const error = await loadSafetyConfig(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SafetyConfigError);
    expect(error).toBeInstanceOf(McbridgeError);
    const e = error as SafetyConfigError;
    expect(e.name).toBe('SafetyConfigError');
    expect(e.file).toBe(path);
    expect(e.field).toBe(field);
    expect(e.message).toContain(path);
    expect(e.message).toMatch(message);
  });
});

/**
 * A new user's session through the real MCP client on the embedded world (conversation-script.ts): one call
 * after another, as an LLM sends them, on a site laid flat above the bot. After every call, every sentence of
 * the answer about rooms, doors, ways in, support and counts is judged against the truth the script knows by
 * construction (conversation-judge.ts, judge.ts, conversation-sentences.ts); then every suggested step is
 * followed as given (its tool, its arguments, and the steps of that answer once more) and the world is read
 * back: nothing the script built may be damaged, and the step must do what it says. After a placed file's
 * steps, compare_structure of the same file must not call them a difference.
 *
 * The kinds of untrue sentence once said here are each asserted absent by name, and no untrue sentence of any
 * kind may be found. `CONVERSATION_DUMP=<file>` writes the transcript and every finding.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BatchResult } from '../../src/results/schema.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';
import { FILES, structureFile } from './conversation-files.js';
import { type Call, script, type Truth } from './conversation-script.js';
import { comparedAfter, type Ctx, follow, heard } from './conversation-judge.js';
import { Grid, type Pos } from './grid.js';
import { siteCommands } from './generator.js';

let c: TestCompanion;
let ctx: Ctx;

const send = async (call: Call): Promise<{ batch: BatchResult; text: string }> => {
  const args = call.tool === 'place_structure' ? { ...call.place } : { commands: call.commands };
  const result = await c.call(call.tool, args);
  const text = (result.content as Array<{ text: string }>)[0]!.text;
  expect(result.isError, text).toBeFalsy();
  return { batch: result.structuredContent as unknown as BatchResult, text };
};

beforeAll(async () => {
  c = await startCompanion({ username: 'Newcomer' });
  const p = (await c.target.get()).channel.executorPosition()!;
  // the site stands clear above the bot: nothing of the world around it is read
  const o: Pos = { x: Math.floor(p.x) - 9, y: Math.floor(p.y) + 20, z: Math.floor(p.z) - 9 };
  const site = {
    min: { x: o.x - 8, y: o.y - 11, z: o.z - 8 },
    max: { x: o.x + 34, y: o.y + 24, z: o.z + 24 },
  };
  const laid = await c.call('execute_commands', { commands: siteCommands(site, o.y) });
  expect(laid.isError).toBeFalsy();
  for (const file of FILES) writeFileSync(join(c.structures.dir, file), structureFile(file));

  const t: Truth = {
    grid: new Grid(o.y),
    rooms: new Map(),
    notRooms: new Map(),
    supports: [],
    unsupported: [],
  };
  const channel = (await c.target.get()).channel;
  ctx = {
    c,
    channel,
    t,
    o,
    untrue: [],
    transcript: [],
    worldDiffers: [],
    scriptErrors: [],
    judged: new Map(),
    followedCells: new Set(),
  };
  for (const call of script(o)) {
    const said = await heard(ctx, call, send);
    await follow(ctx, call.say, said);
    if (call.place) await comparedAfter(ctx, call);
  }
}, 600_000);
afterAll(async () => {
  await c?.close();
  if (process.env['CONVERSATION_DUMP'])
    writeFileSync(
      process.env['CONVERSATION_DUMP'],
      JSON.stringify(
        {
          ...ctx,
          c: undefined,
          channel: undefined,
          t: undefined,
          judged: [...ctx.judged],
          followedCells: undefined,
        },
        null,
        1,
      ),
    );
});

const found = (kind: string): string[] =>
  ctx.untrue.filter((u) => u.kind === kind).map((u) => `${u.call}: ${u.detail}`);

describe('the script and the world', () => {
  test('every call of the script is sent and every suggested step followed', () => {
    expect(ctx.transcript.length).toBeGreaterThan(25);
    expect(ctx.judged.get('steps followed') ?? 0).toBeGreaterThan(10);
  });
  test('after every call the world holds what the script’s truth holds (vanilla’s drops included)', () => {
    expect(ctx.worldDiffers).toEqual([]);
  });
  test('the script’s ways in agree with the naive walker’s paths', () => {
    expect(ctx.scriptErrors).toEqual([]);
  });
  test('sentences of every kind were judged: rooms, door halves, support, counts, command numbers', () => {
    for (const what of ['rooms', 'door halves', 'support', 'counts', 'command numbers'])
      expect(ctx.judged.get(what) ?? 0, what).toBeGreaterThan(0);
  });
});

describe('following every suggested step as given', () => {
  test.each([
    'step refused: execute_commands',
    'step not applied as given',
    'step’s blocks not in the world',
    'step damaged what stood',
    'two tools: a step of place_structure that compare_structure calls a difference',
  ])('%s: never', (kind) => {
    expect(found(kind)).toEqual([]);
  });
});

describe('the answers say nothing untrue about the buildings', () => {
  // untrue sentences once said here, now asserted absent: a storey reached by stairs called "no way in"
  // ("(2) the 9×3×5 room at …: no way in yet"), an attic reached by a ladder through a hatch never named,
  // "3/3 applied (3 read back …)" beside a room the batch never wrote called "not all read back", a door
  // suggested into the closed storey's wall five blocks up, onto a drop; and rooms the writes touched that ran
  // on out of the area read, never named: the basement reached by its ladder, the tower's lower storey (a
  // ladder through its floor, glowstone set into it), the tower lit by glowstone set into its ceiling (a step
  // of its own answer), the house's east room after a fill over its window; and the rooms of placed files, the
  // hut and the lean-to (its door's lone lower half taken away by the plank placed over it: no way in)
  test.each([
    'way-in: storey: "no way in", but a player walks in (upper storey)',
    'steps-pass: add_door: door-to-nowhere',
    'room-named: attic not named (attic)',
    'counts: every write read back, and a room "not all read back"',
    'room-named: basement not named (basement)',
    'room-named: room not named (tower’s lower storey)',
    'room-named: room not named (tower)',
    'room-named: room not named (east room)',
    'room-named: room not named (hut)',
    'room-named: room not named (lean-to)',
  ])('%s: never', (kind) => {
    expect(found(kind)).toEqual([]);
  });
  test('no untrue sentence of any kind', () => {
    expect(ctx.untrue.map((u) => `${u.kind} · ${u.call}: ${u.detail}`)).toEqual([]);
  });
});

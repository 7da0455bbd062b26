/**
 * The suggestions are real commands: a bare hollow room is built in the embedded world, the suggested
 * door, window and light commands are sent as they are, the world takes them, and the room they make is
 * recognised as finished.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { HintEntry } from '../../src/hints/context.js';
import { postExecuteHints } from '../../src/hints/post-execute.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { parse, result } from './helpers.js';

let world: WorldHandle;
let op: TestBot;

beforeAll(async () => {
  world = await startWorld({ ops: ['Hinter'] });
  op = await joinBot(world.host, world.port, 'Hinter');
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
});

/** Enough of the outcome rules for this test: a bare `*.success` component is applied. */
const send = async (commands: string[]): Promise<HintEntry[]> => {
  const replies = await runFenced(op, commands);
  return commands.map((command, i) => {
    const first = replies[i]?.[0] as { translate?: string } | undefined;
    const applied = first?.translate?.endsWith('.success') === true;
    return {
      command,
      result: result(
        command,
        applied ? {} : { status: 'rejected_by_game', applied: false, detail: { args: [] } },
      ),
      writes: parse(command),
    };
  });
};

test('door, window and light suggested for a bare room are accepted and finish it', async () => {
  const p = op.bot.entity.position.floored().offset(3, 0, 3);
  const room = `fill ${p.x} ${p.y} ${p.z} ${p.x + 6} ${p.y + 4} ${p.z + 6} minecraft:stone hollow`;
  const built = await send([room]);
  expect(built[0]?.result.status).toBe('applied');

  const hints = postExecuteHints({ entries: built, tool: 'execute_commands' });
  const wanted = ['add_door', 'add_window', 'add_light'];
  const suggested = (hints?.nextSteps ?? []).filter((s) => wanted.includes(s.action));
  expect(suggested.map((s) => s.action).sort()).toEqual([...wanted].sort());
  const commands = suggested.flatMap((s) => s.suggestedArgs?.['commands'] as string[]);

  const followUp = await send(commands);
  expect(followUp.map((e) => e.result.status)).toEqual(commands.map(() => 'applied'));

  const door = op.bot.blockAt(p.offset(3, 1, 0));
  const upper = op.bot.blockAt(p.offset(3, 2, 0));
  expect([door?.name, door?.getProperties()['half'], upper?.name, upper?.getProperties()['half']]).toEqual([
    'oak_door',
    'lower',
    'oak_door',
    'upper',
  ]);
  expect(op.bot.blockAt(p.offset(3, 2, 6))?.name).toBe('glass_pane');
  expect(op.bot.blockAt(p.offset(3, 4, 3))?.name).toBe('glowstone');

  // the bot saw the blocks above: mark the writes verified, as automatic verification would
  const verified = [...built, ...followUp].map((e) => ({ ...e, verification: { status: 'verified' } }));
  const after = postExecuteHints({ entries: verified, tool: 'execute_commands' });
  expect((after?.nextSteps ?? []).map((s) => s.action).filter((a) => wanted.includes(a))).toEqual([]);
  expect(after?.saveSuggestion?.topic).toBe('voxel:room:7x5x7');
  // without verification the same build is not (yet) suggested for saving
  expect(
    postExecuteHints({ entries: [...built, ...followUp], tool: 'execute_commands' })?.saveSuggestion,
  ).toBeUndefined();
});

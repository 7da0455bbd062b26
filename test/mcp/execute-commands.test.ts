/**
 * execute_commands through the SDK's real Client against the embedded world: per command, the status,
 * whether it applied, its own lines and the translation key that decided it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CommandResult } from '../../src/results/schema.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let origin: { x: number; y: number; z: number };
const pos = (dx: number, dy: number, dz: number) => `${origin.x + dx} ${origin.y + dy} ${origin.z + dz}`;

beforeAll(async () => {
  c = await startCompanion();
  const session = await c.target.get();
  const p = session.channel.executorPosition()!;
  origin = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});
afterAll(async () => {
  await c?.close();
});

const only = (results: CommandResult[]) => results.map((r) => [r.status, r.applied, r.detail?.key]);

describe('execute_commands', () => {
  test('lists its tools with schemas and annotations', async () => {
    const { tools } = await c.client.listTools();
    const exec = tools.find((t) => t.name === 'execute_commands');
    expect(exec?.annotations).toMatchObject({ destructiveHint: true, openWorldHint: true });
    expect(exec?.outputSchema).toBeDefined();
    expect(exec?.description).toContain('rejected_by_game');
    expect(tools.find((t) => t.name === 'get_connection_info')?.annotations?.readOnlyHint).toBe(true);
  });

  test('a success is applied with its own feedback line and key', async () => {
    const batch = await c.execute([`setblock ${pos(0, 0, 0)} minecraft:oak_planks`]);
    const [r] = batch.results;
    expect(r).toMatchObject({
      index: 0,
      status: 'applied',
      accepted: true,
      applied: true,
    });
    // compact: a result's capture strategy is left out when it is the batch's
    expect(r!.captureStrategy).toBeUndefined();
    expect(batch.captureStrategy).toBe('fenced');
    // compact: an ordinary success is its summary; its key and its one line are not repeated
    const line = `Changed the block at ${pos(0, 0, 0).split(' ').join(', ')}`;
    expect(r!.summary).toBe(line);
    expect(r!.detail).toBeUndefined();
    expect(r!.chatMessages).toEqual([]);
    expect(r!.verification).toBeUndefined();
    expect(batch).toMatchObject({ totalCommands: 1, acceptedCount: 1, appliedCount: 1, failedCount: 0 });
    expect((batch as { verifiedCount?: number }).verifiedCount).toBe(1);
  });

  test('resultDetail full keeps the key, the own line and the verification of a success', async () => {
    const batch = await c.execute([`setblock ${pos(0, 1, 0)} minecraft:oak_planks`], {
      resultDetail: 'full',
    });
    const [r] = batch.results;
    expect(r!.detail?.key).toBe('commands.setblock.success');
    expect(r!.chatMessages).toEqual([`Changed the block at ${pos(0, 1, 0).split(' ').join(', ')}`]);
    expect(r!.verification).toMatchObject({ status: 'verified', checked: 1, matched: 1, mismatches: [] });
  });

  test('the same block again is rejected_by_game with noChange: the world already matches', async () => {
    const batch = await c.execute([`/setblock ${pos(0, 0, 0)} minecraft:oak_planks`]);
    expect(batch.results[0]).toMatchObject({
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'commands.setblock.failed', noChange: true },
    });
    expect(batch.hint).toMatch(/already/i);
  });

  test('a parse error keeps both red lines and the key; an unknown command too', async () => {
    const batch = await c.execute([`setblock ${pos(1, 0, 0)} notablock`, 'frobnicate 1 2 3']);
    const [bad, unknown] = batch.results;
    expect(bad).toMatchObject({
      status: 'rejected_by_game',
      applied: false,
      detail: { key: 'argument.block.id.invalid' },
    });
    expect(bad!.chatMessages).toHaveLength(2);
    expect(bad!.chatMessages[1]).toContain('<--[HERE]');
    expect(unknown).toMatchObject({ status: 'rejected_by_game', detail: { key: 'command.unknown.command' } });
    expect(unknown!.chatMessages[1]).toContain('frobnicate 1 2 3');
  });

  test('a fill over the block limit is commands.fill.toobig; a fill is counted', async () => {
    const batch = await c.execute(
      [`fill ${pos(0, 0, 2)} ${pos(40, 20, 42)} stone`, `fill ${pos(2, 0, 2)} ${pos(4, 2, 4)} stone`],
      { resultDetail: 'full' },
    );
    expect(only(batch.results)).toEqual([
      ['rejected_by_game', false, 'commands.fill.toobig'],
      ['applied', true, 'commands.fill.success'],
    ]);
    expect(batch.results[1]!.summary).toContain('27');
    expect(batch.results[1]!.detail?.args).toEqual(['27']);
    // the count is in the summary; the compact answer does not repeat it (nor the key of an ordinary success)
    const compact = await c.execute([`fill ${pos(0, 0, 2)} ${pos(40, 20, 42)} stone`]);
    expect(compact.results[0]!.detail).toMatchObject({
      key: 'commands.fill.toobig',
      args: expect.any(Array),
    });
  });

  test('with sendCommandFeedback off, silent successes are applied (inferred) and failures still rejected', async () => {
    const batch = await c.execute(
      [
        'gamerule sendCommandFeedback false',
        `setblock ${pos(5, 0, 0)} minecraft:glass`,
        `setblock ${pos(5, 0, 0)} minecraft:glass`,
        'gamerule sendCommandFeedback true',
      ],
      { resultDetail: 'full' },
    );
    const [off, set, again, on] = batch.results;
    expect(off).toMatchObject({ status: 'applied', applied: true, detail: { inferred: true } });
    expect(set).toMatchObject({
      status: 'applied',
      applied: true,
      chatMessages: [],
      detail: { inferred: true },
    });
    expect(again).toMatchObject({ status: 'rejected_by_game', detail: { noChange: true } });
    expect(on).toMatchObject({ status: 'applied', detail: { key: 'commands.gamerule.set' } });
  });

  test('a 200-command pipelined batch: every result carries only its own lines', async () => {
    const commands = Array.from({ length: 200 }, (_, i) => {
      if (i % 4 === 3) return `setblock ${i} 5`; // parse error, two lines
      return `setblock ${pos(i % 20, 3 + (i % 3), 8)} ${i % 2 ? 'minecraft:stone' : 'minecraft:dirt'}`;
    });
    // positions repeat every 60 commands with the same block: the first write of a position changes it,
    // a repeat finds it already there (noChange) — decided here, not tolerated either way
    const written = new Map<string, string>();
    const expectChange = commands.map((command, i) => {
      if (i % 4 === 3) return false;
      const [, x, y, z, block] = command.split(' ');
      const key = `${x} ${y} ${z}`;
      const changes = written.get(key) !== block;
      written.set(key, block!);
      return changes;
    });
    const batch = await c.execute(commands, { resultDetail: 'full' });
    expect(batch.results).toHaveLength(200);
    batch.results.forEach((r, i) => {
      expect(r.index).toBe(i);
      if (i % 4 === 3) {
        expect(r.detail?.key).toBe('argument.pos3d.incomplete');
        expect(r.chatMessages).toHaveLength(2);
        expect(r.chatMessages[1]).toContain(`setblock ${i} 5`);
      } else {
        expect(r.chatMessages).toHaveLength(1);
        const [x, y, z] = commands[i]!.split(' ').slice(1, 4);
        if (expectChange[i]) {
          expect(r.status).toBe('applied');
          expect(r.chatMessages[0]).toBe(`Changed the block at ${x}, ${y}, ${z}`);
        } else {
          expect(r).toMatchObject({ status: 'rejected_by_game', detail: { noChange: true } });
        }
      }
    });
  });

  test('concurrent calls on one connection are queued: each result has only its own lines', async () => {
    const calls = Array.from({ length: 5 }, (_, k) =>
      c.execute(
        Array.from(
          { length: 20 },
          (_, i) => `setblock ${pos(k, 10 + (i % 5), 12 + i)} minecraft:${i % 2 ? 'red' : 'blue'}_wool`,
        ),
        { resultDetail: 'full' },
      ),
    );
    const batches = await Promise.all(calls);
    batches.forEach((batch, k) => {
      batch.results.forEach((r, i) => {
        expect(r.status).toBe('applied');
        expect(r.chatMessages).toEqual([
          `Changed the block at ${pos(k, 10 + (i % 5), 12 + i)
            .split(' ')
            .join(', ')}`,
        ]);
      });
    });
  });

  test('characters that get a player kicked, and over-long commands, are refused before sending', async () => {
    const batch = await c.execute(['say §chello', `say ${'x'.repeat(33_000)}`, 'say fine']);
    expect(batch.results[0]).toMatchObject({
      status: 'rejected_by_safety',
      accepted: false,
      applied: false,
      detail: { rule: 'illegal_characters' },
    });
    expect(batch.results[1]).toMatchObject({
      status: 'rejected_by_safety',
      accepted: false,
      detail: { rule: 'command_too_long' },
    });
    // by default one refusal blocks the whole batch: nothing was sent
    expect(batch.results[2]).toMatchObject({
      status: 'rejected_by_safety',
      accepted: false,
      detail: { rule: 'batch_blocked' },
    });
    expect(batch.acceptedCount).toBe(0);
    expect(batch.safety?.blockedWholeBatch).toBe(true);
    expect(batch.hint).toMatch(/Nothing was sent/);
    expect(c.target.peek()?.channel.connected).toBe(true);
  });

  test('the deny list applies whatever the LLM asks: validate_safety false is ignored without allowUnsafe', async () => {
    const batch = await c.execute(['execute as @s run op Builder', `setblock ${pos(9, 0, 0)} stone`], {
      validate_safety: false,
    });
    expect(batch.results[0]).toMatchObject({
      status: 'rejected_by_safety',
      accepted: false,
      detail: { rule: 'denied_command' },
    });
    expect(batch.results[1]).toMatchObject({
      status: 'rejected_by_safety',
      detail: { rule: 'batch_blocked' },
    });
    expect(batch.safety).toEqual({ blockedWholeBatch: true, unsafeRequestIgnored: true });
    expect(batch.hint).toMatch(/validate_safety: false was ignored/);
  });

  test('get_connection_info reports the server, op, capture strategy and feedback', async () => {
    const info = await c.call('get_connection_info', {});
    expect(info.structuredContent).toMatchObject({
      connection: 'default',
      state: 'ready',
      server: `${c.world.host}:${c.world.port}`,
      version: '1.21.4',
      op: true,
      captureStrategy: 'fenced',
      feedbackEnabled: true,
    });
    expect(info._meta?.['mcbridge/service']).toMatchObject({
      connection: 'default',
      tool: 'get_connection_info',
    });
  });

  test('invalid input is a clear error from the schema, not a crash', async () => {
    const result = await c.client.callTool({ name: 'execute_commands', arguments: { commands: [] } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/commands/);
  });
});

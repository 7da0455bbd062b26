/**
 * Entity selectors parse and resolve like vanilla 1.21.4 (EntitySelectorParser, EntitySelectorOptions,
 * EntityArgument): proved through tellraw (EntityArgument.players()) with two real bots.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { parseError, red } from '../helpers/vanilla-lines.js';

let world: WorldHandle;
let op: TestBot;
let other: TestBot;

beforeAll(async () => {
  world = await startWorld({ ops: ['SelOp', 'SelOther'] });
  op = await joinBot(world.host, world.port, 'SelOp');
  other = await joinBot(world.host, world.port, 'SelOther');
});

afterAll(async () => {
  await other?.quit();
  await op?.quit();
  await world?.stop();
});

/** sends a tellraw with a unique marker and reports which bots received it */
async function whoReceives(selector: string): Promise<{ lines: unknown[]; got: string[] }> {
  const marker = `m${Math.random().toString(36).slice(2)}`;
  const [lines] = await runFenced(op, [`tellraw ${selector} {"text":"${marker}"}`]);
  // the server wrote the other bot's copy (if any) before op's fence; a round trip on the other bot's
  // own connection therefore arrives after it
  await runFenced(other, ['tellraw @s "sync"']);
  const got = [op, other]
    .filter((b) => b.lines.some((l) => (l.json as { text?: string }).text === marker))
    .map((b) => b.bot.username);
  return { lines, got };
}

describe('resolution over players', () => {
  test('@a reaches every player; [name=…] and [name=!…] filter by name', async () => {
    expect((await whoReceives('@a')).got.sort()).toEqual(['SelOp', 'SelOther']);
    expect((await whoReceives('@a[name=SelOther]')).got).toEqual(['SelOther']);
    expect((await whoReceives('@a[name=!SelOther]')).got).toEqual(['SelOp']);
  });

  test('@s is the sender; @p is the nearest player (the sender itself)', async () => {
    expect((await whoReceives('@s')).got).toEqual(['SelOp']);
    expect((await whoReceives('@p')).got).toEqual(['SelOp']);
  });

  test('a player name selects that player in any case; a UUID is refused by players() as vanilla does', async () => {
    expect((await whoReceives('selother')).got).toEqual(['SelOther']);
    // EntitySelectorParser: a UUID "includes entities", so EntityArgument.players() rejects it at parse time
    const uuid = op.bot.players['SelOther']!.uuid;
    const command = `tellraw ${uuid} "x"`;
    const [lines] = await runFenced(op, [command]);
    expect(lines).toEqual(parseError(command, 'argument.player.entities', 0));
  });

  test('limit takes the first in join order; a distance nobody is at matches nobody', async () => {
    expect((await whoReceives('@a[limit=1]')).got).toEqual(['SelOp']);
    expect((await whoReceives('@a[limit=1,sort=arbitrary,name=!SelOp]')).got).toEqual(['SelOther']);
    // SelOther stands 5 blocks east of SelOp: only the distance decides who is selected
    await runFenced(op, ['tp SelOther ~5 ~ ~']);
    await expect.poll(() => other.bot.entity.position.distanceTo(op.bot.entity.position)).toBeGreaterThan(4);
    expect((await whoReceives('@a[distance=..1]')).got).toEqual(['SelOp']);
    expect((await whoReceives('@a[distance=4..6]')).got).toEqual(['SelOther']);
    // @p is the player nearest the source: from SelOther's position, SelOther
    expect((await whoReceives('@p')).got).toEqual(['SelOp']);
    const heard = other.waitForLine((l) => l.text === 'near');
    const [fromThere] = await runFenced(op, ['execute positioned as SelOther run tellraw @p "near"']);
    expect(fromThere).toEqual([]);
    await heard;
    expect((await whoReceives('@a[distance=50..]')).lines).toEqual([
      red({ translate: 'argument.entity.notfound.player' }),
    ]);
  });

  test('nobody matching is argument.entity.notfound.player, one red line', async () => {
    const { lines } = await whoReceives('Nobody');
    expect(lines).toEqual([red({ translate: 'argument.entity.notfound.player' })]);
    expect((await whoReceives('@a[tag=builder]')).lines).toEqual([
      red({ translate: 'argument.entity.notfound.player' }),
    ]);
  });
});

describe('parse errors with the vanilla cursor', () => {
  const cases: Array<[string, string, unknown[], number]> = [
    ['tellraw @q "x"', 'argument.entity.selector.unknown', ['@q'], 9],
    ['tellraw @ "x"', 'argument.entity.selector.unknown', ['@ '], 9],
    ['tellraw @e "x"', 'argument.player.entities', [], 0],
    ['tellraw @a[limit=0] "x"', 'argument.entity.options.limit.toosmall', [], 17],
    ['tellraw @a[bogus=1] "x"', 'argument.entity.options.unknown', ['bogus'], 11],
    ['tellraw @e[type=minecraft:nope] "x"', 'argument.entity.options.type.invalid', ['minecraft:nope'], 16],
    ['tellraw @a[type=cat] "x"', 'argument.entity.options.inapplicable', ['type'], 15],
    ['tellraw @a[distance=..-1] "x"', 'argument.entity.options.distance.negative', [], 20],
    ['tellraw @a[sort=near] "x"', 'argument.entity.options.sort.irreversible', ['near'], 16],
    ['tellraw @a[name=A,name=B] "x"', 'argument.entity.options.inapplicable', ['name'], 22],
    ['tellraw @a[name=A "x"', 'argument.entity.options.unterminated', [], 18],
    ['tellraw @a[limit] "x"', 'argument.entity.options.valueless', ['limit'], 11],
    ['tellraw @a[distance=5..1] "x"', 'argument.range.swapped', [], 20],
    ['tellraw @a[gamemode=flying] "x"', 'argument.entity.options.mode.invalid', ['flying'], 20],
    ['tellraw SomeoneWithAVeryLongName "x"', 'argument.entity.invalid', [], 8],
  ];
  test.each(cases)('%s → %s', async (command, key, args, cursor) => {
    const [lines] = await runFenced(op, [command]);
    expect(lines).toEqual(parseError(command, key, cursor, args));
  });
});

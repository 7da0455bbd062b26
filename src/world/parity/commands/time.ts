/**
 * `time set|add|query` as vanilla 1.21.4 answers it (server/commands/TimeCommand.java): set and add report
 * commands.time.set (add reports the resulting time of day) and are copied to other operators; query
 * reports commands.time.query to the sender only. Clients get update_time at once.
 */
import { readLiteral, readTime } from '../command-arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, expectEnd } from '../context.js';

const NAMED = { day: 1000, noon: 6000, night: 13000, midnight: 18000 } as const;
const NAMES = Object.keys(NAMED) as Array<keyof typeof NAMED>;

// Java int casts of the long clock values
const toInt = (n: number) => Number(BigInt.asIntN(32, BigInt(n)));

export async function time(ctx: CommandContext): Promise<void> {
  const { reader, level } = ctx;
  const action = readLiteral(reader, ['set', 'add', 'query'] as const);
  if (action === 'query') {
    const what = readLiteral(reader, ['daytime', 'gametime', 'day'] as const);
    expectEnd(reader);
    const value =
      what === 'daytime'
        ? toInt(level.dayTime % 24000)
        : what === 'gametime'
          ? toInt(level.gameTime % 2147483647)
          : toInt(Math.floor(level.dayTime / 24000) % 2147483647);
    ctx.success(translate('commands.time.query', [value]), false);
    return;
  }
  if (!reader.canRead()) throw reader.fail('command.unknown.command', [], reader.input.length);
  if (reader.peek() !== ' ') throw reader.fail('command.expected.separator');
  reader.skip();
  const word = reader.remaining().split(' ', 1)[0] ?? '';
  let ticks: number;
  if (action === 'set' && (NAMES as string[]).includes(word)) {
    reader.cursor += word.length;
    ticks = NAMED[word as keyof typeof NAMED];
  } else ticks = readTime(reader);
  expectEnd(reader);
  if (action === 'set') {
    level.setDayTime(ticks);
    ctx.success(translate('commands.time.set', [ticks]));
  } else {
    level.setDayTime(level.dayTime + ticks);
    ctx.success(translate('commands.time.set', [toInt(level.dayTime % 24000)]));
  }
}

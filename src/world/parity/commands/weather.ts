/**
 * `weather clear|rain|thunder [duration]` as vanilla 1.21.4 (server/commands/WeatherCommand.java): the
 * weather parameters change at once, clients see it through the rain/thunder level packets of the next
 * ticks (ServerLevel.advanceWeatherCycle); feedback commands.weather.set.<kind>, copied to other operators.
 */
import { readLiteral, readTime } from '../command-arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, endOfParse, expectEnd } from '../context.js';
import { RAIN_DELAY, RAIN_DURATION, sample, THUNDER_DURATION } from '../level-state.js';

export async function weather(ctx: CommandContext): Promise<void> {
  const { reader, level } = ctx;
  const kind = readLiteral(reader, ['clear', 'rain', 'thunder'] as const);
  let duration = -1;
  if (reader.canRead()) {
    if (reader.peek() !== ' ') throw reader.fail('command.expected.separator');
    reader.skip();
    duration = readTime(reader, 1);
    expectEnd(reader);
  }
  endOfParse(ctx);
  const pick = (range: readonly [number, number]) => (duration === -1 ? sample(range) : duration);
  if (kind === 'clear') level.setWeather(pick(RAIN_DELAY), 0, false, false);
  else if (kind === 'rain') level.setWeather(0, pick(RAIN_DURATION), true, false);
  else level.setWeather(0, pick(THUNDER_DURATION), true, true);
  ctx.success(translate(`commands.weather.set.${kind}`));
}

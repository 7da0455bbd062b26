/**
 * `difficulty [peaceful|easy|normal|hard]` as vanilla 1.21.4 (server/commands/DifficultyCommand.java):
 * the query and the change name the difficulty by its options.difficulty.* key; asking for the current
 * difficulty is the red commands.difficulty.failure. Every client gets the difficulty packet.
 */
import { readLiteral } from '../command-arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, expectEnd } from '../context.js';
import { DIFFICULTIES } from '../level-state.js';

export async function difficulty(ctx: CommandContext): Promise<void> {
  const { reader, level } = ctx;
  const name = (key: string) => translate(`options.difficulty.${key}`);
  if (!reader.canRead()) {
    ctx.success(translate('commands.difficulty.query', [name(level.difficulty)]), false);
    return;
  }
  const wanted = readLiteral(reader, DIFFICULTIES);
  expectEnd(reader);
  // thrown without a cursor in vanilla (create, not createWithContext): one red line
  if (level.difficulty === wanted) return ctx.fail(translate('commands.difficulty.failure', [wanted]));
  level.difficulty = wanted;
  ctx.success(translate('commands.difficulty.success', [name(wanted)]));
}

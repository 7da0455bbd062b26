/**
 * `seed` as vanilla 1.21.4 (server/commands/SeedCommand.java, ComponentUtils.copyOnClickText):
 * commands.seed.success with the seed in green square brackets, click to copy; not copied to operators.
 */
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, expectEnd } from '../context.js';

export async function seed(ctx: CommandContext): Promise<void> {
  expectEnd(ctx.reader);
  const text = String(ctx.level.seed);
  const copyable = {
    text,
    color: 'green',
    clickEvent: { action: 'copy_to_clipboard', value: text },
    hoverEvent: { action: 'show_text', contents: { translate: 'chat.copy.click' } },
    insertion: text,
  };
  ctx.success(translate('commands.seed.success', [translate('chat.square_brackets', [copyable])]), false);
}

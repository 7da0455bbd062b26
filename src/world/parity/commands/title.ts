/**
 * `title <targets> clear|reset|title|subtitle|actionbar|times` as vanilla 1.21.4
 * (server/commands/TitleCommand.java): the clear_titles / set_title_text / set_title_subtitle /
 * action_bar / set_title_time packets, and commands.title.<what>.single (display name) or .multiple (count).
 */
import type { ComponentObject } from '../../../vocabulary/text/message.js';
import { readJsonComponent } from '../arguments.js';
import { readLiteral, readTime } from '../command-arguments.js';
import { componentTag } from '../chat-message.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, endOfParse, expectArgument, expectEnd } from '../context.js';
import { playerDisplayName } from '../display.js';
import type { FlyingSquidPlayer } from '../flying-squid-types.js';
import { readPlayers } from '../targets.js';

const PACKETS = { title: 'set_title_text', subtitle: 'set_title_subtitle', actionbar: 'action_bar' } as const;

function report(ctx: CommandContext, key: string, targets: FlyingSquidPlayer[]): void {
  const [only] = targets;
  const message: ComponentObject =
    targets.length === 1 && only
      ? translate(`${key}.single`, [playerDisplayName(ctx, only)])
      : translate(`${key}.multiple`, [targets.length]);
  ctx.success(message);
}

export async function title(ctx: CommandContext): Promise<void> {
  const { reader } = ctx;
  expectArgument(reader);
  const read = readPlayers(ctx);
  const action = readLiteral(reader, ['clear', 'reset', 'title', 'subtitle', 'actionbar', 'times'] as const);
  if (action === 'clear' || action === 'reset') {
    expectEnd(reader);
    const targets = read.resolve();
    for (const t of targets) t._client.write('clear_titles', { reset: action === 'reset' });
    return report(ctx, `commands.title.${action === 'clear' ? 'cleared' : 'reset'}`, targets);
  }
  if (action === 'times') {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      expectArgument(reader);
      times.push(readTime(reader));
    }
    expectEnd(reader);
    const [fadeIn, stay, fadeOut] = times as [number, number, number];
    const targets = read.resolve();
    for (const t of targets) t._client.write('set_title_time', { fadeIn, stay, fadeOut });
    return report(ctx, 'commands.title.times', targets);
  }
  expectArgument(reader);
  const component = readJsonComponent(reader);
  endOfParse(ctx);
  const targets = read.resolve();
  for (const t of targets) t._client.write(PACKETS[action], { text: componentTag(component) });
  report(ctx, `commands.title.show.${action}`, targets);
}

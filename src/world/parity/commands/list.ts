/**
 * `list [uuids]` as vanilla 1.21.4 (server/commands/ListPlayersCommand.java): commands.list.players with
 * the count, the maximum and the display names joined by a gray ", " (ComponentUtils.formatList).
 * Any player may run it.
 */
import type { TextComponent } from '../../../vocabulary/text/message.js';
import { readLiteral } from '../command-arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, expectEnd, forEveryone } from '../context.js';
import { playerDisplayName } from '../display.js';

/** ComponentUtils.formatList: a gray ", " between the items; empty → an empty literal */
function formatList(items: TextComponent[]): TextComponent {
  if (items.length === 0) return { text: '' };
  if (items.length === 1) return items[0]!;
  const extra: TextComponent[] = [];
  items.forEach((item, i) => {
    if (i > 0) extra.push({ text: ', ', color: 'gray' });
    extra.push(item);
  });
  return { text: '', extra };
}

export const list = forEveryone(async (ctx: CommandContext) => {
  const { reader, serv, level } = ctx;
  const uuids = reader.canRead() ? readLiteral(reader, ['uuids'] as const) === 'uuids' : false;
  expectEnd(reader);
  const players = serv.players;
  const names = players.map((p) =>
    uuids
      ? // Player.getName() and Component.translationArg(UUID) are plain literals
        translate('commands.list.nameAndId', [p.username, p.uuid])
      : playerDisplayName(ctx, p),
  );
  ctx.success(
    translate('commands.list.players', [players.length, level.maxPlayers, formatList(names)]),
    false,
  );
});

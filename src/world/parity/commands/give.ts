/**
 * `give <targets> <item> [count]` as vanilla 1.21.4 (server/commands/GiveCommand.java): the items go into
 * each target's inventory (set_slot per changed slot); commands.give.success.single [count, item display
 * name, player display name] — vanilla uses the .single key for several targets too, with their number;
 * more than 100 stacks is the red commands.give.failed.toomanyitems.
 */
import { readBoundedInt } from '../command-arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, endOfParse, expectArgument, expectEnd } from '../context.js';
import { playerDisplayName } from '../display.js';
import { addItems, itemDisplayName, readItem } from '../items.js';
import { readPlayers } from '../targets.js';

export async function give(ctx: CommandContext): Promise<void> {
  const { reader, level } = ctx;
  expectArgument(reader);
  const read = readPlayers(ctx);
  expectArgument(reader);
  const item = readItem(reader, level.version);
  let count = 1;
  if (reader.canRead()) {
    expectArgument(reader);
    count = readBoundedInt(reader, 1, 2 ** 31 - 1);
    expectEnd(reader);
  }
  endOfParse(ctx);
  const targets = read.resolve();
  const name = itemDisplayName(item, level.version);
  const max = item.stackSize * 100;
  if (count > max) return ctx.fail(translate('commands.give.failed.toomanyitems', [max, name]));
  // items that do not fit are dropped at the player in vanilla; the embedded world has no item entities
  for (const target of targets) addItems(target, item, count, level.version);
  const [only] = targets;
  ctx.success(
    translate('commands.give.success.single', [
      count,
      name,
      targets.length === 1 && only ? playerDisplayName(ctx, only) : targets.length,
    ]),
  );
}

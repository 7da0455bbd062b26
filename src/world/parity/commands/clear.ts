/**
 * `clear [targets [item [maxCount]]]` as vanilla 1.21.4 (server/commands/ClearInventoryCommands.java,
 * ItemPredicateArgument): removes matching items (set_slot per changed slot); maxCount 0 only counts them
 * (commands.clear.test.*); nothing found is the thrown clear.failed.single [name] / .multiple [count].
 */
import { createRequire } from 'node:module';
import { readResourceLocation } from '../brigadier.js';
import { readBoundedInt } from '../command-arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, endOfParse, expectArgument, expectEnd } from '../context.js';
import { playerDisplayName } from '../display.js';
import type { FlyingSquidPlayer } from '../flying-squid-types.js';
import { clearItems, readItem } from '../items.js';
import { CommandSyntaxError, type StringReader } from '../reader.js';
import { sourcePlayer } from '../selectors.js';
import { readPlayers } from '../targets.js';

const require = createRequire(import.meta.url);

/** ItemPredicateArgument: `*`, an item id, or an item `#tag` */
function readItemPredicate(ctx: CommandContext, reader: StringReader): (name: string) => boolean {
  if (reader.peek() === '*') {
    reader.skip();
    return () => true;
  }
  if (reader.peek() === '#') {
    const start = reader.cursor;
    reader.skip();
    const tag = readResourceLocation(reader);
    const members = itemTags(ctx)[tag];
    if (!members) {
      reader.cursor = start;
      throw reader.fail('arguments.item.tag.unknown', [tag]);
    }
    return (name) => members.has(name);
  }
  const item = readItem(reader, ctx.level.version);
  return (name) => name === item.name;
}

let tagCache: Record<string, Set<string>> | undefined;
function itemTags(ctx: CommandContext): Record<string, Set<string>> {
  if (tagCache) return tagCache;
  const login = require('flying-squid/src/lib/plugins/loginTags.json') as {
    tags: Array<{ tagType: string; tags: Array<{ tagName: string; entries: number[] }> }>;
  };
  const items = require('minecraft-data')(ctx.level.version) as { items: Record<number, { name: string }> };
  const tags = login.tags.find((t) => t.tagType === 'minecraft:item')?.tags ?? [];
  tagCache = Object.fromEntries(
    tags.map((t) => [t.tagName, new Set(t.entries.map((id) => items.items[id]?.name ?? ''))]),
  );
  return tagCache;
}

export async function clear(ctx: CommandContext): Promise<void> {
  const { reader, level } = ctx;
  let targets: () => FlyingSquidPlayer[] = () => [sourcePlayer(ctx).player!];
  let matches: (name: string) => boolean = () => true;
  let max = -1;
  if (reader.canRead()) {
    expectArgument(reader);
    const read = readPlayers(ctx);
    targets = () => read.resolve();
    if (reader.canRead()) {
      expectArgument(reader);
      matches = readItemPredicate(ctx, reader);
      if (reader.canRead()) {
        expectArgument(reader);
        max = readBoundedInt(reader, 0, 2 ** 31 - 1);
      }
    }
    expectEnd(reader);
  }
  endOfParse(ctx);
  const players = targets();
  let total = 0;
  // maxCount applies to each player on its own (Inventory.clearOrCountMatchingItems per target)
  for (const p of players) total += clearItems(p, matches, max, level.version);
  const [only] = players;
  const single = players.length === 1 && only;
  if (total === 0)
    throw single
      ? new CommandSyntaxError('clear.failed.single', [only.username])
      : new CommandSyntaxError('clear.failed.multiple', [players.length]);
  const kind = max === 0 ? 'test' : 'success';
  ctx.success(
    single
      ? translate(`commands.clear.${kind}.single`, [total, playerDisplayName(ctx, only)])
      : translate(`commands.clear.${kind}.multiple`, [total, players.length]),
  );
}

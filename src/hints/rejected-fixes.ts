/** Concrete fixes for commands the game refused, by translation key. */
import { closeBlockIds } from './block-ids.js';
import { bare } from './blocks.js';
import { DEFAULT_FILL_LIMIT, splitFill } from './commands.js';
import type { CommandOutcome } from './context.js';
import { formatPos, volume, writeBox } from './geometry.js';

/** Split suggestions longer than this are not spelled out (the area is better cut differently). */
export const MAX_SPLIT_COMMANDS = 64;

export const quote = (command: string): string =>
  `\`${command.length > 80 ? `${command.slice(0, 77)}…` : command}\``;

/** The command with the wrong id swapped for `replacement`, or undefined when the id is not found in it. */
export const replaceBlockId = (command: string, wrong: string, replacement: string): string | undefined => {
  const name = bare(wrong);
  const pattern = new RegExp(
    `(^|[\\s])((?:minecraft:)?)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[\\s\\[{]|$)`,
  );
  const m = pattern.exec(command);
  if (!m) return undefined;
  return command.replace(pattern, `$1$2${replacement}`);
};

export const blockIdFix = (o: CommandOutcome, version: string) => {
  const wrong = o.args[0];
  if (!wrong) return undefined;
  const close = closeBlockIds(wrong, version);
  const best = close[0];
  const fixed = best ? replaceBlockId(o.command, wrong, best) : undefined;
  const description = best
    ? `${quote(o.command)}: there is no block '${bare(wrong)}' in ${version}; closest valid ids: ${close.join(', ')}.`
    : `${quote(o.command)}: there is no block '${bare(wrong)}' in ${version} and no id is close; check the block's name.`;
  return { description, fixed, close };
};

/** Fill commands within the server's limit that do what the refused fill asked. */
export const fillSplit = (o: CommandOutcome) => {
  const write = o.writes.find((w) => w.kind === 'fill');
  // commands.fill.toobig: args = [maximum, specified]
  const limit = Number(o.args[0]) > 0 ? Number(o.args[0]) : DEFAULT_FILL_LIMIT;
  if (!write) return undefined;
  const box = writeBox(write);
  const commands = splitFill(write, box, limit);
  return { limit, commands, volume: volume(box) };
};

/** A teleport to just above the middle of the refused write's area, so its chunks load around the bot. */
export const standNear = (o: CommandOutcome): string | undefined => {
  const write = o.writes[0];
  if (!write) return undefined;
  const box = writeBox(write);
  const mid = (lo: number, hi: number) => Math.floor((lo + hi) / 2);
  return `tp @s ${formatPos({ x: mid(box.min.x, box.max.x), y: box.max.y + 2, z: mid(box.min.z, box.max.z) })}`;
};

/** Vanilla command names: `command.unknown.command` on one of these means the bot may not use it. */
export const VANILLA_COMMANDS: ReadonlySet<string> = new Set(
  (
    'advancement attribute ban ban-ip banlist bossbar clear clone damage data datapack debug defaultgamemode ' +
    'deop difficulty effect enchant execute experience xp fill fillbiome forceload function gamemode gamerule ' +
    'give help item jfr kick kill list locate loot me msg tell w op pardon pardon-ip particle perf place ' +
    'playsound publish random recipe reload return ride rotate save-all save-off save-on say schedule ' +
    'scoreboard seed setblock setidletimeout setworldspawn spawnpoint spectate spreadplayers stop stopsound ' +
    'summon tag team teammsg tm teleport tp tellraw test tick time title transfer trigger weather ' +
    'whitelist worldborder'
  ).split(' '),
);

export const commandName = (command: string): string =>
  (command.trim().replace(/^\//, '').split(/\s+/)[0] ?? '').toLowerCase();

/** Concrete fixes for commands the game refused, by translation key. */
import { closeBlockIds } from './block-ids.js';
import { bare } from '../batch/blocks.js';
import { countSplitBox, countSplitFill, DEFAULT_FILL_LIMIT, splitFill } from './commands.js';
import type { CommandOutcome, HintContext } from '../context.js';
import { cloneSplittable, fixedStateCommand, splitClone } from './fix-commands.js';
import { boxOf, volume, writeBox } from '../geometry.js';
import type { NextStep } from '../../results/action-hints.js';
import type { RuleOutput } from '../steps.js';
import { execArgs, quote, RELEVANCE } from '../steps.js';

/** Split suggestions longer than this are not spelled out (the area is better cut differently). */
export const MAX_SPLIT_COMMANDS = 64;

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

/**
 * Fill (or clone) commands within the limit that together do what the refused one asked, with its
 * coordinates written out. `limit`: the game's (commands.fill.toobig / commands.clone.toobig: args =
 * [maximum, specified]) or the operator's maxFillVolume.
 */
export const fillSplit = (o: Pick<CommandOutcome, 'args' | 'writes'>, limit?: number) => {
  const max = limit ?? (Number(o.args[0]) > 0 ? Number(o.args[0]) : DEFAULT_FILL_LIMIT);
  const write = o.writes.find((w) => w.kind === 'fill' || w.kind === 'clone');
  if (!write || write.unresolved) return undefined;
  if (write.kind === 'clone' && !cloneSplittable(write)) return undefined;
  const box = write.kind === 'clone' ? boxOf(write.from, write.to) : writeBox(write);
  // counted first: a box as wide as the world is billions of pieces, never made
  const count = write.kind === 'fill' ? countSplitFill(write, box, max) : countSplitBox(box, max);
  if (count > MAX_SPLIT_COMMANDS) return { limit: max, count, commands: undefined, volume: volume(box) };
  const commands = write.kind === 'fill' ? splitFill(write, box, max) : splitClone(write, max);
  if (!commands) return undefined;
  return { limit: max, count: commands.length, commands, volume: volume(box) };
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

const byKey = (ctx: HintContext, key: string) => ctx.build.rejected.filter((o) => o.key === key);

export const blockIdSteps = (ctx: HintContext): NextStep[] =>
  byKey(ctx, 'argument.block.id.invalid').flatMap((o) => {
    const fix = blockIdFix(o, ctx.mcVersion);
    if (!fix) return [];
    const step: NextStep = {
      action: 'fix_block_id',
      description: fix.description,
      relevance: RELEVANCE.fixRejected,
      optional: false,
    };
    return [
      fix.fixed
        ? { ...step, suggestedTool: 'execute_commands', suggestedArgs: execArgs(ctx, [fix.fixed]) }
        : step,
    ];
  });

/** The operator's maxFillVolume, read from the refusal's own words ("over the limit of N"). */
export const safetyLimit = (summary: string): number | undefined => {
  const m = /over the limit of (\d+)/.exec(summary);
  return m ? Number(m[1]) : undefined;
};

export const splitFillSteps = (ctx: HintContext): NextStep[] =>
  [
    ...byKey(ctx, 'commands.fill.toobig').map((o) => ({ o, limit: undefined as number | undefined })),
    ...byKey(ctx, 'commands.clone.toobig').map((o) => ({ o, limit: undefined as number | undefined })),
    // refused before sending by the operator's fill_volume rule: the same cut, within that limit
    ...ctx.entries.flatMap((e, entry) =>
      e.result.status === 'rejected_by_safety' && e.result.detail?.rule === 'fill_volume'
        ? [
            {
              o: { entry, command: e.command, args: [] as string[], writes: e.writes },
              limit: safetyLimit(e.result.summary) ?? DEFAULT_FILL_LIMIT,
            },
          ]
        : [],
    ),
  ].flatMap(({ o, limit }) => {
    const split = fillSplit(o, limit);
    if (!split) return [];
    const n = split.count;
    const spelled = split.commands;
    const step: NextStep = {
      action: 'split_fill',
      description: spelled
        ? `${quote(o.command)} covers ${split.volume} blocks, over the ${limit === undefined ? "server's" : "operator's"} limit of ${split.limit}: send it as these ${n} commands (each within the limit, together exactly its box).`
        : `${quote(o.command)} covers ${split.volume} blocks; it would take ${n} commands of at most ${split.limit}: build a smaller area per call.`,
      relevance: RELEVANCE.fixRejected,
      optional: false,
    };
    return [
      spelled ? { ...step, suggestedTool: 'execute_commands', suggestedArgs: execArgs(ctx, spelled) } : step,
    ];
  });

export const blockStateSteps = (ctx: HintContext): NextStep[] =>
  [
    ...byKey(ctx, 'argument.block.property.invalid'),
    ...byKey(ctx, 'argument.block.property.unknown'),
  ].flatMap((o) => {
    const fix = o.key ? fixedStateCommand(o.command, o.key, o.args, ctx.mcVersion) : undefined;
    if (!fix) return [];
    return [
      {
        action: 'fix_block_state' as const,
        description: `${quote(o.command)}: the server refused its block state; with ${fix.change} it takes it.`,
        relevance: RELEVANCE.fixRejected,
        optional: false,
        suggestedTool: 'execute_commands',
        suggestedArgs: execArgs(ctx, [fix.command]),
      },
    ];
  });

export const outOfWorldSteps = (ctx: HintContext): NextStep[] =>
  byKey(ctx, 'argument.pos.outofworld').map((o) => ({
    action: 'fix_position',
    description: `${quote(o.command)} is outside the world's build height (overworld y -64 to 319): move it within.`,
    relevance: RELEVANCE.fixRejected,
    optional: false,
  }));

export const opBot = (ctx: HintContext): RuleOutput | undefined => {
  const refused = byKey(ctx, 'command.unknown.command').filter((o) =>
    VANILLA_COMMANDS.has(commandName(o.command)),
  );
  if (refused.length === 0 || ctx.bot?.operator === true) return undefined;
  const name = ctx.bot?.name ?? '<bot name>';
  const names = [...new Set(refused.map((o) => commandName(o.command)))].join(', ');
  return {
    nextSteps: [
      {
        action: 'op_bot',
        description: `The server calls ${names} unknown: it hides commands the bot may not use. Run \`op ${name}\` in the server console, then resend.`,
        relevance: ctx.bot?.operator === false ? RELEVANCE.fixRejected : RELEVANCE.fixRejected - 0.1,
        optional: false,
      },
    ],
    saveSuggestion: {
      topic: 'server permissions',
      reason: `the bot ${name} needs operator rights for ${names}; it loses them on some servers when it reconnects`,
    },
  };
};

export const noChangeNote = (ctx: HintContext): string | undefined => {
  const same = ctx.build.noChange;
  if (same.length === 0) return undefined;
  const which = same.length <= 3 ? same.map((o) => quote(o.command)).join(', ') : `${same.length} commands`;
  return `${which}: the world already matched, nothing changed; do not retry.`;
};

/**
 * One step that gives again everything of a batch that was not done, as one call that runs as given: the
 * refused commands corrected (a block id, a block state, a fill cut within the limit, coordinates written out
 * where the chunks were not loaded), and every command a refusal kept from being sent (the safety policy
 * blocking the batch, stopOnFailure, a dependency, the probe that found the chunks not loaded), in their
 * order, with the batch's ids, dependsOn, conditions, transactional and target. After a rolled-back
 * transaction, the whole batch. Where chunks were not loaded, a teleport goes first, in a call of its own
 * (so that the resend's batch keeps its undo; the teleport's answer comes once the chunks around the bot
 * have arrived).
 */
import type { BlockWrite, ExecutorPosition } from '../../commands/block-write.js';
import type { NextStep } from '../../results/action-hints.js';
import { numberRuns } from '../../results/text.js';
import { isUnchanged } from '../../results/unchanged.js';
import type { Box } from '../../vocabulary/blocks/box.js';
import { DEFAULT_FILL_LIMIT } from './commands.js';
import type { HintContext, HintEntry } from '../context.js';
import { absoluteCommand, fixedStateCommand } from './fix-commands.js';
import { boundingBox, formatBox, formatPos, writeBox } from '../geometry.js';
import { blockIdFix, fillSplit, safetyLimit } from './rejected-fixes.js';
import { RELEVANCE } from '../steps.js';

/** The reason the execute path gives a write it did not send because the server said its chunks are not loaded. */
export const UNLOADED_NOT_SENT = 'not sent: the server has not loaded the chunks it writes';

/** Most commands one execute_commands call takes (its input schema's limit). */
export const MAX_CALL_COMMANDS = 1000;

/** One step of a resend, in execute_commands' own shape ({id, command, dependsOn, condition}). */
export interface Operation {
  id?: string;
  command: string;
  dependsOn?: string[];
  condition?: { ifSuccess?: string; ifFailed?: string };
}

/** What a resend holds and what it had to leave out. */
export interface ResendPlan {
  /** in the batch's order: a command, or a step with its id and what it waits for */
  items: Array<string | Operation>;
  /** entries whose commands are in `items` */
  included: number[];
  /** how each included entry is given: corrected, coordinates written out, sent as it was */
  how: Map<number, 'corrected' | 'pinned' | 'again'>;
  /** refused (or of unknown outcome) with no correction: not in the resend */
  leftOut: number[];
  /** waits for a command that is left out: not in the resend either */
  waiting: number[];
  /** the boxes the server had not loaded: a teleport there goes first */
  unloaded: Box[];
}

const NOT_DONE = new Set(['skipped', 'rejected_by_safety', 'unknown', 'rolled_back']);

const isUnloaded = (e: HintEntry): boolean =>
  (e.result.status === 'rejected_by_game' && e.result.detail?.key === 'argument.pos.unloaded') ||
  (!e.result.accepted && e.result.detail?.reason === UNLOADED_NOT_SENT);

/** never sent (or undone by the rollback): given again as it was */
const notSent = (e: HintEntry): boolean =>
  !e.result.accepted &&
  NOT_DONE.has(e.result.status) &&
  !(e.result.status === 'rejected_by_safety' && e.result.detail?.rule !== 'batch_blocked');

/**
 * The command with its coordinates written out (as resolved where the bot stood), so that a teleport before it
 * does not move it: a block write rebuilt, a command without `~`/`^` as it is, any other pinned to where the
 * bot stood with `execute positioned … rotated … run`. Undefined where neither can be done.
 */
export const pinned = (
  command: string,
  writes: readonly BlockWrite[],
  executor: ExecutorPosition | undefined,
): string | undefined => {
  const bare = command.trim().replace(/^\//, '');
  if (writes.length === 1 && writes[0]) {
    const again = absoluteCommand(writes[0]);
    if (again) return again;
  }
  if (!/[~^]/.test(bare)) return bare;
  if (!executor) return undefined;
  const at = `${executor.x} ${executor.y} ${executor.z}`;
  return `execute positioned ${at} rotated ${executor.yaw} ${executor.pitch} run ${bare}`;
};

/** The corrected command(s) for a refusal, or undefined where there is no correction that runs as given. */
const corrected = (ctx: HintContext, e: HintEntry, entry: number): string[] | undefined => {
  const r = e.result;
  if (r.status === 'rejected_by_safety' && r.detail?.rule === 'fill_volume') {
    const limit = safetyLimit(r.summary) ?? DEFAULT_FILL_LIMIT;
    return fillSplit({ args: [], writes: e.writes }, limit)?.commands;
  }
  if (r.status !== 'rejected_by_game' || r.detail?.noChange) return undefined;
  const key = r.detail?.key;
  const args = r.detail?.args ?? [];
  if (key === 'commands.fill.toobig' || key === 'commands.clone.toobig')
    return fillSplit({ args, writes: e.writes })?.commands;
  if (key === 'argument.block.id.invalid') {
    const fixed = blockIdFix(
      { entry, command: e.command, key, args, writes: e.writes },
      ctx.mcVersion,
    )?.fixed;
    return fixed ? [fixed] : undefined;
  }
  if (key === 'argument.block.property.invalid' || key === 'argument.block.property.unknown') {
    const fix = fixedStateCommand(e.command, key, args, ctx.mcVersion);
    return fix ? [fix.command] : undefined;
  }
  return undefined;
};

const plans = new WeakMap<HintContext, ResendPlan | null>();

/**
 * What a resend holds, or undefined when nothing calls for one: no command was kept from being sent, none
 * was refused for unloaded chunks, and no transaction was rolled back (each refusal then has its own fix).
 */
export const resendPlan = (ctx: HintContext): ResendPlan | undefined => {
  const known = plans.get(ctx);
  if (known !== undefined) return known ?? undefined;
  const plan = makePlan(ctx);
  plans.set(ctx, plan ?? null);
  return plan;
};

const makePlan = (ctx: HintContext): ResendPlan | undefined => {
  const rolledBack = ctx.batch?.rolledBack === true;
  const anyUnloaded = ctx.entries.some(isUnloaded);
  if (!rolledBack && !anyUnloaded && !ctx.entries.some(notSent)) return undefined;
  const steps = ctx.batch?.steps;
  const plan: ResendPlan = {
    items: [],
    included: [],
    how: new Map(),
    leftOut: [],
    waiting: [],
    unloaded: [],
  };
  const inResend = new Set<number>();
  /** the id the resend gives an entry's step (its last command carries it) */
  const idOf = (i: number) => steps?.[i]?.id ?? ctx.entries[i]?.result.id;
  const done = (i: number) => {
    const r = ctx.entries[i]?.result;
    return r !== undefined && !rolledBack && (r.status === 'applied' || isUnchanged(r));
  };
  ctx.entries.forEach((e, i) => {
    if (done(i)) return;
    const step = steps?.[i];
    // what it waits for must be in the resend, or done already (then the wait is met and dropped)
    const refs = [...(step?.dependsOn ?? []), step?.ifSuccess, step?.ifFailed].filter(
      (d): d is number => d !== undefined,
    );
    const unmet = refs.filter((d) => !inResend.has(d) && !done(d));
    let commands: string[] | undefined;
    let how: 'corrected' | 'pinned' | 'again' = 'again';
    if (isUnloaded(e)) {
      const again = pinned(e.command, e.writes, ctx.executor);
      commands = again === undefined ? undefined : [again];
      how = 'pinned';
      if (again) plan.unloaded.push(...e.writes.filter((w) => !w.unresolved).map(writeBox));
    } else if (
      notSent(e) ||
      (rolledBack &&
        (e.result.status === 'rolled_back' || e.result.applied === true || isUnchanged(e.result)))
    ) {
      // a teleport goes first where chunks were not loaded: what moves with the bot is written out too
      const again = anyUnloaded ? pinned(e.command, e.writes, ctx.executor) : e.command;
      commands = again === undefined ? undefined : [again];
      if (anyUnloaded && again !== e.command.trim().replace(/^\//, '')) how = 'pinned';
    } else {
      commands = corrected(ctx, e, i);
      how = 'corrected';
    }
    if (!commands || commands.length === 0) {
      plan.leftOut.push(i);
      return;
    }
    // a condition on a command that is done was judged already: a skipped fallback stays skipped
    if (step?.ifFailed !== undefined && done(step.ifFailed)) return;
    if (unmet.length) {
      plan.waiting.push(i);
      return;
    }
    const kept = (d: number | undefined) => (d !== undefined && inResend.has(d) ? idOf(d) : undefined);
    const dependsOn = (step?.dependsOn ?? []).map(kept).filter((d): d is string => d !== undefined);
    const ifSuccess = kept(step?.ifSuccess);
    const ifFailed = kept(step?.ifFailed);
    const id = idOf(i);
    commands.forEach((command, k) => {
      const last = k === commands.length - 1;
      // every piece waits for what the command waited for; the last piece carries its id
      const op: Operation = {
        command,
        ...(last && id !== undefined ? { id } : {}),
        ...(dependsOn.length ? { dependsOn } : {}),
        ...(ifSuccess !== undefined || ifFailed !== undefined
          ? {
              condition: {
                ...(ifSuccess !== undefined ? { ifSuccess } : {}),
                ...(ifFailed !== undefined ? { ifFailed } : {}),
              },
            }
          : {}),
      };
      plan.items.push(Object.keys(op).length === 1 ? command : op);
    });
    inResend.add(i);
    plan.included.push(i);
    plan.how.set(i, how);
  });
  return plan.included.length || plan.leftOut.length ? plan : undefined;
};

const numbers = numberRuns;

/** The tp that brings the bot over the middle of the unloaded boxes, so that their chunks load around it. */
const standOver = (boxes: readonly Box[]): { tp: string; box: Box } | undefined => {
  const box = boundingBox(boxes);
  if (!box) return undefined;
  const mid = (lo: number, hi: number) => Math.floor((lo + hi) / 2);
  // `tp <location>` moves the executor: vanilla and the embedded world both take it (no selector needed)
  const tp = `tp ${formatPos({ x: mid(box.min.x, box.max.x), y: box.max.y + 2, z: mid(box.min.z, box.max.z) })}`;
  return { tp, box };
};

/** The steps of a resend: a teleport of its own where chunks were not loaded, then the commands in one call. */
export const resendSteps = (ctx: HintContext): NextStep[] => {
  const plan = resendPlan(ctx);
  if (!plan) return [];
  const out: NextStep[] = [];
  const withTarget = (args: Record<string, unknown>) =>
    ctx.target === undefined ? args : { ...args, target: ctx.target };
  const over = plan.unloaded.length ? standOver(plan.unloaded) : undefined;
  if (over) {
    const forceload = ctx.allows?.('forceload add 0 0') === true ? ' (or `forceload add` the area)' : '';
    out.push({
      action: 'load_area',
      description: `The server has not loaded the chunks of ${formatBox(over.box)}: move the bot there first${forceload}, in this call of its own (it answers once the chunks around the bot have arrived), then send the next step.`,
      relevance: RELEVANCE.fixRejected,
      optional: false,
      suggestedTool: 'execute_commands',
      suggestedArgs: withTarget({ commands: [over.tp] }),
    });
  }
  const by = (how: string) => plan.included.filter((i) => plan.how.get(i) === how);
  const parts = [
    by('corrected').length ? `${numbers(by('corrected'))} corrected` : '',
    by('pinned').length ? `${numbers(by('pinned'))} with their coordinates written out` : '',
    by('again').length
      ? `${numbers(by('again'))} ${ctx.batch?.rolledBack ? 'as they were' : 'that were not sent'}`
      : '',
  ].filter(Boolean);
  const leftOut = [
    plan.leftOut.length
      ? ` Not in it: ${numbers(plan.leftOut)} (no correction that runs as given, or an outcome not known: see ${plan.leftOut.length === 1 ? 'its result' : 'their results'}).`
      : '',
    plan.waiting.length ? ` Nor ${numbers(plan.waiting)}, which wait for those.` : '',
  ].join('');
  const options = {
    ...(ctx.batch?.transactional ? { transactional: true } : {}),
    ...(ctx.batch?.stopOnFailure ? { stopOnFailure: true } : {}),
  };
  const calls = chunks(plan.items, MAX_CALL_COMMANDS);
  calls.forEach((items, k) => {
    const part = calls.length > 1 ? ` (call ${k + 1} of ${calls.length}, in this order)` : '';
    out.push({
      action: 'resend_commands',
      description: `Send what this batch did not do as one call${part}, as given: ${parts.join('; ')} — ${plan.items.length} commands in the batch's order, with its ids and dependencies.${leftOut}`,
      relevance: RELEVANCE.fixRejected,
      optional: false,
      suggestedTool: 'execute_commands',
      suggestedArgs: withTarget({ commands: items, ...options }),
    });
  });
  if (calls.length === 0 && leftOut) {
    out.push({
      action: 'resend_commands',
      description: `Nothing of this batch can be sent again as it is.${leftOut}`,
      relevance: RELEVANCE.fixRejected,
      optional: false,
    });
  }
  return out;
};

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let k = 0; k < items.length; k += size) out.push(items.slice(k, k + size));
  return out;
};

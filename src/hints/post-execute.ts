/**
 * The postExecute hook: after a writing tool ran, what should happen next. Pure; never throws — a failing
 * rule leaves the tool result as it was (the hook returns undefined and reports through `log`).
 */
import type { ExecutorPosition } from '../commands/block-write.js';
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import { analyzeBuild } from './batch/analyze.js';
import { FALLBACK_VERSION } from '../suggest/registries.js';
import type { BatchShape, BuildContext, HintEntry } from './context.js';
import { containsPos, volume, writeBox, writeBoxes } from './geometry.js';
import { isAirName } from './batch/blocks.js';
import { groundInWorld } from './model/grounded.js';
import { BuildingModel } from './model/building.js';
import type { WorldRegion } from './model/world-region.js';
import { followable, refusalOf } from './advice/allowed.js';
import { buildingReferee } from './referee/referee.js';
import { type BlockReader, isIndoors } from './model/indoors.js';
import { type HintContext, type HintRule, type ProposedStep, type Referee, RULES } from './rules.js';
import type { SafetyConfig } from '../safety/config.js';
import type { CommandNode } from '../suggest/tree.js';
import {
  type ActionHints,
  ActionHintsSchema,
  MAX_MODULE_HINTS,
  MAX_NEXT_STEPS,
  type NextStep,
  type SaveSuggestion,
  type WorldRead,
} from '../results/action-hints.js';

export interface PostExecuteInput {
  entries: readonly HintEntry[];
  /**
   * the batch's ids, dependencies and options, kept by a step that sends its commands again; with `rolledBack`
   * only such steps are proposed (nothing of the batch stands to advise on)
   */
  batch?: BatchShape | undefined;
  /** the MCP tool that ran, e.g. `execute_commands` */
  tool: string;
  /** connection name; copied into every suggestedArgs that takes one */
  target?: string;
  /** the bot's position, to put a suggested door on its side of a room */
  executor?: ExecutorPosition;
  /** server version for block-id suggestions (minecraft-data); default 1.21.4 */
  mcVersion?: string;
  /** what is known of the bot, for the permission hint */
  bot?: { name?: string; operator?: boolean };
  /** the operator's policy: steps whose commands it refuses are left out (with a note) */
  safety?: SafetyConfig | undefined;
  /** the command tree the server sent: steps using commands it lacks are left out */
  commandTree?: CommandNode | undefined;
  /** the bot's view of the world after the batch: an opening into a room built earlier is a doorway */
  readBlock?: BlockReader | undefined;
  /**
   * The world around the batch's writes, read once (see world-region.ts): rooms, doors, windows and
   * lights are taken from it. `not_read`: the hints say nothing the world could contradict. Absent: the
   * hints come from the batch alone (a caller without a world).
   */
  world?: { region: WorldRegion } | { notRead: string } | undefined;
  /**
   * false: no advice about the design (doors, windows, light, roofs, rooms) — the batch placed a plan (a
   * structure file) that is its own design. What the game itself calls broken is still said. Default true.
   */
  designAdvice?: boolean | undefined;
  /**
   * true: nothing the batch did can change a room's verdict (room-neutral.ts `batchKeepsRooms`), so the
   * world around its writes is not searched for rooms it did not outline. Default false.
   */
  roomsKept?: boolean | undefined;
}

export const postExecuteHints = (
  input: PostExecuteInput,
  log?: (err: unknown) => void,
  rules: readonly HintRule[] = RULES,
  referee: Referee | undefined = buildingReferee,
): ActionHints | undefined => {
  try {
    const version = input.mcVersion ?? FALLBACK_VERSION;
    const options = {
      safety: input.safety,
      tree: input.commandTree,
      version,
      executor: input.executor,
    };
    const world = input.world;
    const region = world && 'region' in world ? world.region : undefined;
    // inside the region, what it read; outside it, unknown (never the unbounded reader)
    const read: BlockReader | undefined = region
      ? (pos) => {
          const b = region.at(pos);
          return typeof b === 'string' ? 'unloaded' : b;
        }
      : world
        ? undefined
        : input.readBlock;
    const batchOnly = analyzeBuild(input.entries);
    // one model of the building per answer: the rooms, their ways in and every rule's steps read it
    const model = region
      ? new BuildingModel(region, version, { cut: openingsCut(input.entries) })
      : undefined;
    const build = !world
      ? batchOnly
      : region && model
        ? groundInWorld(batchOnly, region, version, {
            searchRooms: input.roomsKept !== true,
            model,
          })
        : withoutWorld(batchOnly);
    // rules ask about the same few commands once per refused command: each is checked once
    const allowed = new Map<string, boolean>();
    const allows = (command: string): boolean => {
      let ok = allowed.get(command);
      if (ok === undefined) allowed.set(command, (ok = refusalOf([command], options) === undefined));
      return ok;
    };
    const ctx: HintContext = {
      // inside something built: the model's enclosed air where the world was read; the bot's view otherwise
      ...(model
        ? { indoors: (pos: BlockPos) => model.enclosed(pos) }
        : read
          ? { indoors: (pos: BlockPos) => isIndoors(read, pos) }
          : {}),
      allows,
      build,
      entries: input.entries,
      tool: input.tool,
      mcVersion: version,
      ...(input.target === undefined ? {} : { target: input.target }),
      ...(input.executor === undefined ? {} : { executor: input.executor }),
      ...(input.bot === undefined ? {} : { bot: input.bot }),
      ...(input.batch === undefined ? {} : { batch: input.batch }),
      ...(input.designAdvice === false ? { plan: true } : {}),
      ...(region ? { region } : {}),
      ...(model ? { model } : {}),
    };
    const proposals: ProposedStep[] = [];
    const notes: string[] = [];
    let save: SaveSuggestion | undefined;
    for (const rule of rules) {
      if (rule.kind === 'design' && input.designAdvice === false) continue;
      if (rule.kind !== 'resend' && input.batch?.rolledBack === true) continue;
      const out = rule.when(ctx);
      if (!out) continue;
      for (const step of out.nextSteps ?? []) proposals.push({ kind: rule.kind, rule: rule.id, step });
      notes.push(...(out.moduleHints ?? []));
      save ??= out.saveSuggestion;
    }
    // every step is judged against the building before it is said (the referee never drops a resend)
    const judged = referee ? referee(proposals, ctx) : { steps: proposals, notes: [] };
    notes.push(...judged.notes);
    const steps: NextStep[] = judged.steps.map((p) => p.step);
    const hints: ActionHints = {};
    // ranked first, so that only the steps that can still make the list are checked against the policy
    const usable = followable(rank(steps, Number.POSITIVE_INFINITY), options, MAX_NEXT_STEPS);
    notes.push(...usable.notes);
    const nextSteps = usable.steps;
    const moduleHints = [...new Set(notes)].slice(0, MAX_MODULE_HINTS);
    if (nextSteps.length) hints.nextSteps = nextSteps;
    if (moduleHints.length) hints.moduleHints = moduleHints;
    if (save) hints.saveSuggestion = save;
    if (Object.keys(hints).length === 0) return undefined;
    if (world) hints.worldRead = worldRead(world);
    // a rule that built a malformed step is a bug: report it rather than send it
    return ActionHintsSchema.parse(hints);
  } catch (err) {
    log?.(err);
    return undefined;
  }
};

/**
 * The boxes of every write the server took (applied or not known), a move's emptied source included: where
 * the hints read the world.
 */
export const writtenBoxes = (entries: readonly HintEntry[]): Box[] =>
  entries.flatMap((e) =>
    e.result.accepted ? e.writes.filter((w) => !w.unresolved).flatMap(writeBoxes) : [],
  );

/** An air write no larger than a doorway (3 wide, 3 high, 1 thick): an opening cut into a wall. */
const MAX_OPENING_CELLS = 9;

/**
 * The cells the batch's openings were cut in (air written, a doorway's size at most): where the building model
 * cannot tell a doorway from the end of a one-wide corridor by its shape, the builder's cut tells it.
 */
const openingsCut = (entries: readonly HintEntry[]): ((p: BlockPos) => boolean) | undefined => {
  const boxes = entries.flatMap((e) =>
    e.result.accepted
      ? e.writes.filter(
          (w) =>
            !w.unresolved &&
            w.kind !== 'clone' &&
            isAirName(w.block.name) &&
            (w.kind === 'setblock' || !w.filter) &&
            volume(writeBox(w)) <= MAX_OPENING_CELLS,
        )
      : [],
  );
  if (!boxes.length) return undefined;
  const cut = boxes.map(writeBox);
  return (p) => cut.some((b) => containsPos(b, p));
};

/** No world to check the batch against: nothing it could contradict (rooms, loose wall ends, door and bed halves). */
const withoutWorld = (build: BuildContext): BuildContext => ({
  ...build,
  rooms: [],
  gaps: [],
  doors: build.doors.map((d) => ({ ...d, complete: true })),
  beds: build.beds.map((b) => ({ ...b, complete: true })),
});

const worldRead = (world: NonNullable<PostExecuteInput['world']>): WorldRead => {
  if ('notRead' in world) return { status: 'not_read', reason: world.notRead };
  const { box } = world.region;
  // the whole box is judged, not only the cells the rules happened to read
  const unread = world.region.unreadParts();
  return {
    status: 'read',
    box,
    blocks: volume(box),
    unreadable: Math.max(unread.cells, world.region.unloaded),
    ...(unread.boxes.length ? { unread: unread.boxes } : {}),
  };
};

/**
 * Highest relevance first (stable: rule order breaks ties), one step per action and arguments (or
 * description, for steps without arguments), at most `max`.
 */
export const rank = (steps: readonly NextStep[], max = MAX_NEXT_STEPS): NextStep[] => {
  const seen = new Set<string>();
  return [...steps]
    .sort((a, b) => b.relevance - a.relevance)
    .filter((s) => {
      const key = `${s.action} ${s.suggestedArgs ? JSON.stringify(s.suggestedArgs) : s.description}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, max);
};

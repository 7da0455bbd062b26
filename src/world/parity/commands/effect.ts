/**
 * `effect give <targets> <effect> [seconds|infinite] [amplifier] [hideParticles]` and
 * `effect clear [targets] [effect]` as vanilla 1.21.4 (server/commands/EffectCommands.java): players get
 * entity_effect / remove_entity_effect; feedback names the effect (effect.minecraft.*), the target's display
 * name or the count, and the duration in seconds; nothing changed is the thrown commands.effect.*.failed.
 */
import type { ComponentObject } from '../../../vocabulary/text/message.js';
import { readResourceLocation } from '../brigadier.js';
import { readBoundedInt, readLiteral } from '../command-arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, expectArgument, expectEnd } from '../context.js';
import { entityStore, type Target } from '../entities.js';
import { effectStore, type MobEffect, mobEffects } from '../effects.js';
import { CommandSyntaxError, type StringReader } from '../reader.js';
import { commandSource, displayName, readEntityArgument, selectEntities } from '../selectors.js';

/** ResourceArgument over minecraft:mob_effect: argument.resource.not_found after the id */
function readEffect(reader: StringReader, version: string): MobEffect {
  const id = readResourceLocation(reader);
  const effect = id.startsWith('minecraft:') ? mobEffects(version).get(id.slice(10)) : undefined;
  if (!effect) throw reader.fail('argument.resource.not_found', [id, 'minecraft:mob_effect']);
  return effect;
}

const effectName = (e: MobEffect) => translate(`effect.minecraft.${e.name}`);

/** LivingEntity: players and living entity types (not items, projectiles, markers…) */
function isLiving(ctx: CommandContext, t: Target): boolean {
  if (t.player) return true;
  const kind = entityStore(ctx.serv).typeInfo(t.type)?.kind;
  return kind !== undefined && kind !== 'other' && kind !== 'projectile';
}

function report(ctx: CommandContext, key: string, targets: Target[], before: unknown[], after: unknown[]) {
  const [only] = targets;
  const message: ComponentObject =
    targets.length === 1 && only
      ? translate(`${key}.single`, [...before, displayName(only), ...after] as never)
      : translate(`${key}.multiple`, [...before, targets.length, ...after] as never);
  ctx.success(message);
}

async function give(ctx: CommandContext): Promise<void> {
  const { reader, level } = ctx;
  expectArgument(reader);
  const selector = readEntityArgument(reader, { single: false, playersOnly: false }, ctx);
  expectArgument(reader);
  const effect = readEffect(reader, level.version);
  let seconds: number | undefined;
  let amplifier = 0;
  let visible = true;
  if (reader.canRead()) {
    expectArgument(reader);
    if (reader.remaining().split(' ', 1)[0] === 'infinite') {
      reader.cursor += 'infinite'.length;
      seconds = -1;
    } else seconds = readBoundedInt(reader, 1, 1000000);
    if (reader.canRead()) {
      expectArgument(reader);
      amplifier = readBoundedInt(reader, 0, 255);
      if (reader.canRead()) {
        expectArgument(reader);
        visible = !reader.readBoolean();
      }
    }
  }
  expectEnd(reader);
  const targets = selectEntities(ctx, selector);
  // ticks: instant effects take the number as ticks (default 1), others seconds × 20 (default 30 s)
  const ticks =
    seconds === undefined
      ? effect.instant
        ? 1
        : 600
      : effect.instant || seconds === -1
        ? seconds
        : seconds * 20;
  const store = effectStore(ctx.serv);
  let changed = 0;
  for (const t of targets) if (isLiving(ctx, t) && store.add(t, effect, ticks, amplifier, visible)) changed++;
  if (changed === 0) throw new CommandSyntaxError('commands.effect.give.failed');
  // Java int division, so infinite (-1) reports 0 seconds like vanilla
  report(ctx, 'commands.effect.give.success', targets, [effectName(effect)], [Math.trunc(ticks / 20)]);
}

async function clearEffects(ctx: CommandContext): Promise<void> {
  const { reader, level } = ctx;
  let targets: Target[];
  let effect: MobEffect | undefined;
  if (reader.canRead()) {
    expectArgument(reader);
    const selector = readEntityArgument(reader, { single: false, playersOnly: false }, ctx);
    if (reader.canRead()) {
      expectArgument(reader);
      effect = readEffect(reader, level.version);
    }
    expectEnd(reader);
    targets = selectEntities(ctx, selector);
  } else {
    const self = commandSource(ctx).entity;
    if (!self) throw new CommandSyntaxError('permissions.requires.entity');
    targets = [self];
  }
  const store = effectStore(ctx.serv);
  let changed = 0;
  for (const t of targets) if (isLiving(ctx, t) && store.remove(t, effect?.id).length > 0) changed++;
  if (effect) {
    if (changed === 0) throw new CommandSyntaxError('commands.effect.clear.specific.failed');
    return report(ctx, 'commands.effect.clear.specific.success', targets, [effectName(effect)], []);
  }
  if (changed === 0) throw new CommandSyntaxError('commands.effect.clear.everything.failed');
  report(ctx, 'commands.effect.clear.everything.success', targets, [], []);
}

export async function effect(ctx: CommandContext): Promise<void> {
  const action = readLiteral(ctx.reader, ['give', 'clear'] as const);
  await (action === 'give' ? give(ctx) : clearEffects(ctx));
}

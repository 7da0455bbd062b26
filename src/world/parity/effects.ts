/**
 * Active status effects of players and summoned entities, as vanilla 1.21.4 keeps them
 * (world/entity/LivingEntity.addEffect/removeEffect, world/effect/MobEffectInstance.update): durations
 * count down each tick; a player is told with entity_effect / remove_entity_effect
 * (ServerPlayer.onEffectAdded/onEffectUpdated/onEffectRemoved, ClientboundUpdateMobEffectPacket flags).
 */
import { createRequire } from 'node:module';
import type { Target } from './entities.js';
import type { FlyingSquidServer } from './flying-squid-types.js';

const require = createRequire(import.meta.url);

export interface MobEffect {
  /** registry id (what the packets carry) */
  id: number;
  /** registry name without namespace, e.g. night_vision */
  name: string;
  instant: boolean;
}

interface Active {
  amplifier: number;
  /** ticks left; -1 = infinite */
  duration: number;
  visible: boolean;
}

const INSTANT = new Set(['instant_health', 'instant_damage', 'saturation']);
const snake = (camel: string) => camel.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();

export function mobEffects(version: string): Map<string, MobEffect> {
  const data = require('minecraft-data')(version) as { effectsArray: Array<{ id: number; name: string }> };
  return new Map(
    data.effectsArray.map((e) => {
      const name = snake(e.name);
      return [name, { id: e.id, name, instant: INSTANT.has(name) }];
    }),
  );
}

// MobEffectInstance.isShorterDurationThan: infinite is never shorter
const shorter = (a: number, b: number) => a !== -1 && (b === -1 || a < b);

export class EffectStore {
  private readonly active = new Map<number, Map<number, Active>>();

  constructor(serv: FlyingSquidServer) {
    serv.on('tick', () => this.tick(serv));
  }

  /** LivingEntity.addEffect: false when nothing changed (a weaker or shorter effect of the same kind) */
  add(target: Target, effect: MobEffect, duration: number, amplifier: number, visible: boolean): boolean {
    const effects = this.active.get(target.id) ?? new Map<number, Active>();
    this.active.set(target.id, effects);
    const current = effects.get(effect.id);
    let changed = false;
    if (!current) {
      effects.set(effect.id, { amplifier, duration, visible });
      changed = true;
    } else {
      if (amplifier > current.amplifier) {
        current.amplifier = amplifier;
        current.duration = duration;
        changed = true;
      } else if (amplifier === current.amplifier && shorter(current.duration, duration)) {
        current.duration = duration;
        changed = true;
      }
      if (visible !== current.visible) {
        current.visible = visible;
        changed = true;
      }
    }
    if (changed && target.player) {
      const now = effects.get(effect.id)!;
      // ambient 1 (never here), visible 2, show icon 4 (= visible), blend 8 on a new effect
      const flags = (now.visible ? 6 : 0) | (current ? 0 : 8);
      target.player._client.write('entity_effect', {
        entityId: target.player.id,
        effectId: effect.id,
        amplifier: now.amplifier,
        duration: now.duration,
        flags,
      });
    }
    return changed;
  }

  /** removeEffect / removeAllEffects: the ids removed */
  remove(target: Target, effectId?: number): number[] {
    const effects = this.active.get(target.id);
    if (!effects) return [];
    const ids = effectId === undefined ? [...effects.keys()] : effects.has(effectId) ? [effectId] : [];
    for (const id of ids) {
      effects.delete(id);
      target.player?._client.write('remove_entity_effect', { entityId: target.player.id, effectId: id });
    }
    return ids;
  }

  private tick(serv: FlyingSquidServer): void {
    const online = new Map(serv.players.map((p) => [p.id, p]));
    for (const [entityId, effects] of this.active) {
      for (const [id, e] of effects) {
        if (e.duration === -1 || --e.duration > 0) continue;
        effects.delete(id);
        online.get(entityId)?._client.write('remove_entity_effect', { entityId, effectId: id });
      }
    }
  }
}

const stores = new WeakMap<FlyingSquidServer, EffectStore>();

/** The server's effect store, created on first use. */
export function effectStore(serv: FlyingSquidServer): EffectStore {
  let store = stores.get(serv);
  if (!store) stores.set(serv, (store = new EffectStore(serv)));
  return store;
}

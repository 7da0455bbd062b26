/**
 * The entities commands can target: the connected players and the entities `summon` created, behind one
 * `Target` shape so selectors, tp, kill, execute and data treat them alike (vanilla's Entity).
 * Entity type facts (size, English name) come from minecraft-data for the world's version.
 */
import { createRequire } from 'node:module';
import type { TextComponent } from '../../vocabulary/text/message.js';
import type { FlyingSquidPlayer, FlyingSquidServer } from './flying-squid-types.js';

const require = createRequire(import.meta.url);

export interface Vec {
  x: number;
  y: number;
  z: number;
}

export interface Target {
  readonly id: number;
  readonly uuid: string;
  /** registry name without namespace: `player`, `cat`, `armor_stand` */
  readonly type: string;
  /** set for players only */
  readonly player?: FlyingSquidPlayer;
  readonly position: Vec;
  /** degrees, vanilla convention (yaw 0 = south, pitch 90 = down) */
  readonly yaw: number;
  readonly pitch: number;
  readonly tags: Set<string>;
  /** CustomName; vanilla's getName() falls back to the type's translated name */
  readonly customName?: TextComponent | undefined;
  readonly alive: boolean;
}

export interface EntityTypeInfo {
  name: string;
  displayName: string;
  width: number;
  height: number;
  /** minecraft-data category: 'mob', 'animal', 'living', 'player', 'other', … */
  kind: string;
}

/** An entity summon created. Mutable: tp moves it, data merge changes it, kill removes it. */
export class WorldEntity implements Target {
  readonly tags = new Set<string>();
  customName?: TextComponent | undefined;
  alive = true;
  /** common NBT that has no other field here (NoAI, Invisible, Silent, …), kept for data get */
  readonly flags: Record<string, unknown> = {};
  /** the flying-squid entity carrying the spawn packets, when there is one */
  handle?: unknown;

  constructor(
    readonly id: number,
    readonly uuid: string,
    readonly type: string,
    public position: Vec,
    public yaw = 0,
    public pitch = 0,
  ) {}
}

/** A connected player seen as a Target: position from flying-squid, look angles as the client sent them. */
export class PlayerTarget implements Target {
  readonly type = 'player';
  readonly tags = new Set<string>();
  yaw = 0;
  pitch = 0;
  constructor(readonly player: FlyingSquidPlayer) {}
  get id(): number {
    return this.player.id;
  }
  get uuid(): string {
    return (this.player as unknown as { uuid: string }).uuid;
  }
  get position(): Vec {
    return this.player.position;
  }
  get alive(): boolean {
    return true;
  }
  get customName(): undefined {
    return undefined;
  }
}

export class EntityStore {
  private readonly playerTargets = new WeakMap<FlyingSquidPlayer, PlayerTarget>();
  readonly entities = new Map<number, WorldEntity>();
  private readonly types: Map<string, EntityTypeInfo>;
  /** entity type tags (`#minecraft:skeletons`) as sets of type names */
  readonly typeTags: Record<string, Set<string>>;

  constructor(
    private readonly serv: FlyingSquidServer,
    version: string,
  ) {
    const mcData = require('minecraft-data')(version) as {
      entitiesArray: Array<{
        id: number;
        name: string;
        displayName: string;
        width: number;
        height: number;
        type: string;
      }>;
    };
    this.types = new Map(
      mcData.entitiesArray.map((e) => [
        e.name,
        { name: e.name, displayName: e.displayName, width: e.width, height: e.height, kind: e.type },
      ]),
    );
    const byId = new Map(mcData.entitiesArray.map((e) => [e.id, e.name]));
    const login = require('flying-squid/src/lib/plugins/loginTags.json') as {
      tags: Array<{ tagType: string; tags: Array<{ tagName: string; entries: number[] }> }>;
    };
    const tags = login.tags.find((t) => t.tagType === 'minecraft:entity_type')?.tags ?? [];
    this.typeTags = Object.fromEntries(
      tags.map((t) => [t.tagName, new Set(t.entries.map((id) => byId.get(id) ?? ''))]),
    );
  }

  typeInfo(name: string): EntityTypeInfo | undefined {
    return this.types.get(name);
  }

  typeNames(): string[] {
    return [...this.types.keys()];
  }

  playerTarget(player: FlyingSquidPlayer): PlayerTarget {
    let target = this.playerTargets.get(player);
    if (!target) {
      target = new PlayerTarget(player);
      this.playerTargets.set(player, target);
    }
    return target;
  }

  players(): PlayerTarget[] {
    return this.serv.players.map((p) => this.playerTarget(p));
  }

  /** Every living target in the order vanilla's entity lookup keeps them (creation order, by id). */
  all(): Target[] {
    const list: Target[] = [...this.players(), ...[...this.entities.values()].filter((e) => e.alive)];
    return list.sort((a, b) => a.id - b.id);
  }

  add(entity: WorldEntity): void {
    this.entities.set(entity.id, entity);
  }

  remove(entity: WorldEntity): void {
    entity.alive = false;
    this.entities.delete(entity.id);
  }

  byUuid(uuid: string): Target | undefined {
    const wanted = uuid.toLowerCase();
    return this.all().find((t) => t.uuid.toLowerCase() === wanted);
  }

  /** Tracks the raw look angles a client sends (flying-squid keeps only a byte). */
  trackLooks(player: FlyingSquidPlayer): void {
    const target = this.playerTarget(player);
    const track = (data: { yaw?: number; pitch?: number }) => {
      if (typeof data.yaw === 'number' && typeof data.pitch === 'number') {
        target.yaw = data.yaw;
        target.pitch = data.pitch;
      }
    };
    player._client.on('look', track);
    player._client.on('position_look', track);
  }
}

const stores = new WeakMap<FlyingSquidServer, EntityStore>();

/** The store of a server; the parity plugin creates it at install. */
export function entityStore(serv: FlyingSquidServer): EntityStore {
  const store = stores.get(serv);
  if (!store) throw new Error('the parity entity store is not installed on this server');
  return store;
}

export function installEntityStore(serv: FlyingSquidServer, version: string): EntityStore {
  const store = new EntityStore(serv, version);
  stores.set(serv, store);
  return store;
}

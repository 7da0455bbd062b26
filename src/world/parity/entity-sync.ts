/**
 * Making summoned entities exist for every client: each WorldEntity gets a flying-squid entity as its
 * handle, so flying-squid's own tracking sends spawn_entity to players in range (also to players who join
 * later or walk up) and entity_destroy on removal. No physics or AI runs on them (flying-squid skips
 * entities without a size), so they stay where summon or tp put them.
 */
import { createRequire } from 'node:module';
import type { TextComponent } from '../../vocabulary/text/message.js';
import type { WorldEntity } from './entities.js';
import type { FlyingSquidServer } from './flying-squid-types.js';
import { componentToNbt } from './nbt.js';

const require = createRequire(import.meta.url);
const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => Vec3Like };

interface Vec3Like {
  x: number;
  y: number;
  z: number;
}

interface SquidEntity {
  id: number;
  uuid: string;
  position: Vec3Like;
  velocity: Vec3Like;
  yaw: number;
  pitch: number;
  headPitch: number;
  metadata: unknown[];
  sendMetadata(data: unknown[]): void;
  updateAndSpawn(): void;
  destroy(): void;
  _writeOthersNearby(packet: string, data: unknown): void;
}

interface SquidServer {
  initEntity(type: string, entityType: number, world: unknown, position: Vec3Like): SquidEntity;
  overworld: unknown;
  registry: { entitiesByName: Record<string, { id: number } | undefined> };
}

/** network angle: 1/256 of a turn, as a signed byte */
const angleByte = (deg: number): number => {
  const b = Math.floor((deg * 256) / 360) & 0xff;
  return b > 127 ? b - 256 : b;
};

/** marker entities are server-only in vanilla: never sent to clients */
const SERVER_ONLY = new Set(['marker']);

export interface EntitySpec {
  type: string;
  uuid: string;
  position: Vec3Like;
  yaw: number;
  pitch: number;
  customName?: TextComponent | undefined;
  flags?: Record<string, unknown>;
}

/**
 * The Entity data every client renders from (Entity.java's DATA_SHARED_FLAGS_ID 0, DATA_CUSTOM_NAME 2,
 * DATA_SILENT 4, DATA_NO_GRAVITY 5): invisibility, glowing, the custom name, silence, no gravity.
 */
function metadataOf(entity: EntitySpec): unknown[] {
  const flags = entity.flags ?? {};
  const out: unknown[] = [];
  const shared = (flags['Invisible'] ? 0x20 : 0) | (flags['Glowing'] ? 0x40 : 0);
  if (shared) out.push({ key: 0, type: 'byte', value: shared });
  if (entity.customName !== undefined)
    out.push({ key: 2, type: 'optional_component', value: componentToNbt(entity.customName) });
  if (flags['Silent']) out.push({ key: 4, type: 'boolean', value: true });
  if (flags['NoGravity']) out.push({ key: 5, type: 'boolean', value: true });
  return out;
}

/** Creates the entity for clients; its id comes from flying-squid's sequence (shared with players). */
export function spawnForClients(
  serv: FlyingSquidServer,
  entity: EntitySpec,
): { id: number; handle: unknown } {
  const squid = serv as unknown as SquidServer;
  const typeId = squid.registry.entitiesByName[entity.type]?.id ?? 0;
  const p = entity.position;
  const handle = squid.initEntity('mob', typeId, squid.overworld, new Vec3(p.x, p.y, p.z));
  handle.uuid = entity.uuid;
  handle.velocity = new Vec3(0, 0, 0);
  handle.yaw = angleByte(entity.yaw);
  handle.pitch = angleByte(entity.pitch);
  handle.headPitch = 0;
  handle.metadata = metadataOf(entity);
  // flying-squid sends no metadata for 1.20.2+; spawning calls this once per player it spawns for
  handle.sendMetadata = (data) => {
    if (data.length > 0)
      handle._writeOthersNearby('entity_metadata', { entityId: handle.id, metadata: data });
  };
  if (!SERVER_ONLY.has(entity.type)) handle.updateAndSpawn();
  return { id: handle.id, handle };
}

export function despawnForClients(entity: WorldEntity): void {
  (entity.handle as SquidEntity | undefined)?.destroy();
}

/** sync_entity_position: the absolute position and look every client in range applies at once */
export function moveForClients(entity: WorldEntity): void {
  const handle = entity.handle as SquidEntity | undefined;
  if (!handle) return;
  const p = entity.position;
  handle.position = new Vec3(p.x, p.y, p.z);
  handle.yaw = angleByte(entity.yaw);
  handle.pitch = angleByte(entity.pitch);
  if (SERVER_ONLY.has(entity.type)) return;
  handle.updateAndSpawn();
  handle._writeOthersNearby('sync_entity_position', {
    entityId: handle.id,
    x: p.x,
    y: p.y,
    z: p.z,
    dx: 0,
    dy: 0,
    dz: 0,
    yaw: entity.yaw,
    pitch: entity.pitch,
    onGround: true,
  });
  handle._writeOthersNearby('entity_head_rotation', { entityId: handle.id, headYaw: angleByte(entity.yaw) });
}

/** Sends the entity data again after a change (data merge of CustomName, Invisible, …) */
export function refreshMetadata(entity: WorldEntity): void {
  const handle = entity.handle as SquidEntity | undefined;
  if (!handle || SERVER_ONLY.has(entity.type)) return;
  const metadata = metadataOf(entity);
  // a removed name must be cleared explicitly: custom_name absent
  if (entity.customName === undefined)
    metadata.push({ key: 2, type: 'optional_component', value: undefined });
  handle.metadata = metadata;
  handle.sendMetadata(metadata);
}

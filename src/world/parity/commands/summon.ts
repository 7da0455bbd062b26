/**
 * `summon <entity> [<pos>] [<nbt>]` as vanilla 1.21.4's net/minecraft/server/commands/SummonCommand.java:
 * ResourceArgument over the entity type registry (`argument.resource.not_found`), `entity.not_summonable`,
 * `commands.summon.invalidPosition`, `commands.summon.failed.uuid`, success with the entity's display name.
 * The common NBT is applied: CustomName, NoAI, Invisible, Silent, NoGravity, Glowing, Rotation, Tags, UUID.
 */
import { randomUUID } from 'node:crypto';
import type { TextComponent } from '../../../vocabulary/text/message.js';
import { readResourceLocation } from '../brigadier.js';
import { type CommandContext, endOfParse } from '../context.js';
import { readVec3, resolveVec3 } from '../coordinates.js';
import { type Vec, WorldEntity, entityStore } from '../entities.js';
import { spawnForClients } from '../entity-sync.js';
import { CommandSyntaxError } from '../reader.js';
import { commandSource, displayName } from '../selectors.js';
import { type CompoundTag, type Tag, readCompound } from '../snbt.js';

/** EntityType.Builder.noSummon() in 1.21.4 */
const NOT_SUMMONABLE = new Set(['player', 'fishing_bobber']);
const FLAG_KEYS = [
  'NoAI',
  'Invisible',
  'Silent',
  'NoGravity',
  'Glowing',
  'Invulnerable',
  'PersistenceRequired',
];

/** Level.isInSpawnableBounds */
const inSpawnableBounds = (x: number, y: number, z: number) =>
  Math.abs(Math.floor(x)) < 30_000_000 &&
  Math.abs(Math.floor(z)) < 30_000_000 &&
  Math.floor(y) >= -20_000_000 &&
  Math.floor(y) < 20_000_000;

export function uuidFromInts(ints: number[]): string {
  const hex = ints.map((n) => (n >>> 0).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function customName(tag: Tag | undefined): TextComponent | undefined {
  if (tag?.type !== 'string') return undefined;
  try {
    return JSON.parse(tag.value) as TextComponent;
  } catch {
    // vanilla logs the bad name and leaves the entity unnamed
    return undefined;
  }
}

/** Applies the common entity NBT (Entity.load) to a freshly summoned entity. */
export function applyEntityNbt(entity: WorldEntity, nbt: CompoundTag): void {
  const v = nbt.value;
  if ('CustomName' in v) entity.customName = customName(v['CustomName']);
  const rotation = v['Rotation'];
  if (rotation?.type === 'list' && rotation.value.type === 'float') {
    const [yaw, pitch] = rotation.value.value as number[];
    if (typeof yaw === 'number') entity.yaw = yaw;
    if (typeof pitch === 'number') entity.pitch = pitch;
  }
  const tags = v['Tags'];
  if (tags?.type === 'list' && tags.value.type === 'string') {
    entity.tags.clear();
    for (const t of tags.value.value as string[]) entity.tags.add(t);
  }
  for (const key of FLAG_KEYS) {
    const tag = v[key];
    if (tag && tag.type === 'byte') entity.flags[key] = tag.value !== 0;
  }
}

export async function summon(ctx: CommandContext): Promise<void> {
  const { reader } = ctx;
  if (!reader.canRead()) throw reader.fail('command.unknown.command', [], reader.input.length);
  if (reader.peek() !== ' ') throw reader.fail('command.expected.separator');
  reader.skip();
  const id = readResourceLocation(reader);
  const store = entityStore(ctx.serv);
  const name = id.startsWith('minecraft:') ? id.slice(10) : '';
  if (!store.typeInfo(name)) throw reader.fail('argument.resource.not_found', [id, 'minecraft:entity_type']);
  reader.expectSeparatorOrEnd();
  const source = commandSource(ctx);
  let position = source.position;
  let nbt: CompoundTag | undefined;
  if (reader.canRead()) {
    reader.skip();
    position = resolveVec3(readVec3(reader), source);
    reader.expectSeparatorOrEnd();
    if (reader.canRead()) {
      reader.skip();
      nbt = readCompound(reader);
      reader.expectSeparatorOrEnd();
      if (reader.canRead()) {
        reader.skip();
        throw reader.fail('command.unknown.argument');
      }
    }
  }

  endOfParse(ctx);
  requireSummonable(id);
  const entity = createEntity(ctx, name, position, nbt);
  ctx.success({ translate: 'commands.summon.success', with: [displayName(entity)] });
}

/** ResourceArgument.getSummonableEntityType: entity.not_summonable [id] when the command runs */
export function requireSummonable(id: string): void {
  if (NOT_SUMMONABLE.has(id.replace(/^minecraft:/, '')))
    throw new CommandSyntaxError('entity.not_summonable', [id]);
}

/**
 * SummonCommand.createEntity: the entity at `position` with the common NBT applied, sent to every client;
 * commands.summon.invalidPosition outside the spawnable bounds, commands.summon.failed.uuid for a taken UUID
 */
export function createEntity(
  ctx: CommandContext,
  name: string,
  position: Vec,
  nbt?: CompoundTag,
): WorldEntity {
  const store = entityStore(ctx.serv);
  if (!inSpawnableBounds(position.x, position.y, position.z))
    throw new CommandSyntaxError('commands.summon.invalidPosition');
  const uuidTag = nbt?.value['UUID'];
  const uuid =
    uuidTag?.type === 'intArray' && uuidTag.value.length === 4 ? uuidFromInts(uuidTag.value) : randomUUID();
  if (store.byUuid(uuid)) throw new CommandSyntaxError('commands.summon.failed.uuid');

  const spec = { type: name, uuid, position: { ...position }, yaw: 0, pitch: 0 };
  const draft = new WorldEntity(0, uuid, name, spec.position);
  if (nbt) applyEntityNbt(draft, nbt);
  const { id: entityId, handle } = spawnForClients(ctx.serv, {
    ...spec,
    yaw: draft.yaw,
    pitch: draft.pitch,
    customName: draft.customName,
    flags: draft.flags,
  });
  const entity = new WorldEntity(entityId, uuid, name, spec.position, draft.yaw, draft.pitch);
  entity.customName = draft.customName;
  for (const t of draft.tags) entity.tags.add(t);
  Object.assign(entity.flags, draft.flags);
  entity.handle = handle;
  store.add(entity);
  return entity;
}

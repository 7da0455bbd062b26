/**
 * The block entities of one world, in memory: created when a block that has one is written, kept while the
 * block stays the same block (a state change such as a chest's facing keeps it), dropped when it is replaced
 * — vanilla 1.21.4's LevelChunk.setBlockState. What clients get follows vanilla too: a sign's, banner's or
 * skull's data (their getUpdateTag) goes out as block_entity_data when it changes (their getUpdatePacket;
 * containers send none) and every modelled block entity rides in the chunk data packet
 * (ClientboundLevelChunkPacketData.BlockEntityInfo: type and update tag — empty for containers).
 */
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import {
  type BlockEntityType,
  blockEntityTypeOf,
  defaultBlockEntity,
  fullMetadata,
  loadBlockEntity,
} from './block-entities.js';
import type { BlockStates } from './block-states.js';
import type { FlyingSquidPlayer } from './flying-squid-types.js';
import type { CompoundTag } from './snbt.js';

export interface BlockEntity {
  type: BlockEntityType;
  pos: BlockPos;
  /** what saveAdditional writes */
  data: CompoundTag;
}

const key = (p: BlockPos) => `${p.x},${p.y},${p.z}`;
const EMPTY: CompoundTag = { type: 'compound', value: {} };
/** the block entities whose getUpdatePacket is a ClientboundBlockEntityDataPacket */
const SENT = new Set(['sign', 'banner', 'skull']);
/** the block entities that implement Clearable: containers and lecterns */
const CLEARABLE = new Set(['container', 'furnace', 'hopper', 'brewing', 'shulker', 'lectern']);

export class BlockEntityStore {
  private readonly entities = new Map<string, BlockEntity>();
  private readonly dirty = new Set<string>();

  constructor(
    private readonly states: BlockStates,
    private readonly players: () => FlyingSquidPlayer[],
  ) {}

  get(pos: BlockPos): BlockEntity | undefined {
    return this.entities.get(key(pos));
  }

  /** The block-write hook: the block at `pos` went from `before` to `after` (two different states). */
  onStateChange(pos: BlockPos, before: number, after: number): void {
    const oldBlock = this.states.blockOf(before)?.name;
    const newBlock = this.states.blockOf(after)?.name ?? '';
    const k = key(pos);
    if (oldBlock === newBlock && this.entities.has(k)) return;
    this.entities.delete(k);
    const type = blockEntityTypeOf(newBlock);
    if (!type) return;
    this.entities.set(k, { type, pos: { x: pos.x, y: pos.y, z: pos.z }, data: defaultBlockEntity(type) });
    this.dirty.add(k);
  }

  /** BlockEntity.loadWithComponents: the block entity reads `tag` (x, y, z and id are not its data) */
  load(pos: BlockPos, tag: CompoundTag): void {
    const entity = this.get(pos);
    if (!entity) return;
    entity.data = loadBlockEntity(entity.type, tag, entity.data);
    this.dirty.add(key(pos));
  }

  /** Clearable.tryClear: containers and lecterns are emptied (setblock and fill do this before writing) */
  clear(pos: BlockPos): void {
    const entity = this.get(pos);
    if (!entity) return;
    if (!CLEARABLE.has(entity.type.kind)) return;
    const rest = { ...entity.data.value };
    delete rest['Items'];
    delete rest['Book'];
    delete rest['Page'];
    this.load(pos, { type: 'compound', value: rest });
  }

  /** saveWithFullMetadata of the block entity at `pos`, if there is one (what block predicates' `{nbt}` test) */
  fullDataAt(pos: BlockPos): CompoundTag | undefined {
    const entity = this.get(pos);
    return entity && this.fullData(entity);
  }

  /** BlockDataAccessor.getData: saveWithFullMetadata */
  fullData(entity: BlockEntity): CompoundTag {
    return fullMetadata(entity.type, entity.data, entity.pos);
  }

  /** What a client receives for this block entity (getUpdateTag): signs, banners and skulls their data */
  private updateTag(entity: BlockEntity): CompoundTag {
    return SENT.has(entity.type.kind) ? structuredClone(entity.data) : EMPTY;
  }

  /** Sends the signs, banners and skulls changed since the last flush (after the blocks that hold them). */
  flush(): void {
    const changed = [...this.dirty]
      .map((k) => this.entities.get(k))
      .filter((e) => e && SENT.has(e.type.kind));
    this.dirty.clear();
    for (const entity of changed) {
      for (const player of this.players()) {
        player._client.write('tile_entity_data', {
          location: entity!.pos,
          action: entity!.type.networkId,
          nbtData: { ...this.updateTag(entity!), name: '' },
        });
      }
    }
  }

  /** The chunk's block entities as map_chunk carries them */
  inChunk(cx: number, cz: number): unknown[] {
    const out: unknown[] = [];
    for (const e of this.entities.values()) {
      if (e.pos.x >> 4 !== cx || e.pos.z >> 4 !== cz) continue;
      out.push({
        x: e.pos.x & 15,
        z: e.pos.z & 15,
        y: e.pos.y,
        type: e.type.networkId,
        nbtData: { ...this.updateTag(e), name: '' },
      });
    }
    return out;
  }

  /** Adds the block entities to every chunk packet this player gets (flying-squid sends none). */
  attach(player: FlyingSquidPlayer): void {
    const client = player._client;
    const write = client.write.bind(client);
    client.write = (name: string, params: unknown) => {
      if (name === 'map_chunk') {
        const p = params as { x: number; z: number; blockEntities?: unknown[] };
        const extra = this.inChunk(p.x, p.z);
        if (extra.length > 0)
          return write(name, { ...p, blockEntities: [...(p.blockEntities ?? []), ...extra] });
      }
      return write(name, params);
    };
  }
}

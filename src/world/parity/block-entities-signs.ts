/**
 * A player writing on a sign they placed, as vanilla 1.21.4 takes it: the server opens the editor for the
 * placer (flying-squid sends open_sign_entity; that player becomes the one who may edit, as
 * SignBlockEntity.setAllowedPlayerEditor), and the client's update_sign is applied by
 * ServerGamePacketListenerImpl.handleSignUpdate / SignBlockEntity.updateSignText: formatting codes stripped
 * (ChatFormatting.stripFormatting), each line a literal text, refused for a waxed sign or anyone else, the
 * editor cleared, the new text sent to everyone. flying-squid itself ignores update_sign.
 */
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import type { BlockEntityStore } from './block-entity-store.js';
import type { FlyingSquidPlayer } from './flying-squid-types.js';
import type { CompoundTag, Tag } from './snbt.js';

interface SignUpdate {
  location: BlockPos;
  isFrontText: boolean;
  text1: string;
  text2: string;
  text3: string;
  text4: string;
}

const key = (p: BlockPos) => `${p.x},${p.y},${p.z}`;
/** who may edit the sign at a position (per store: one world) */
const editorsOf = new WeakMap<BlockEntityStore, Map<string, string>>();

/** ChatFormatting.stripFormatting: `§` and the character after it go */
const strip = (line: string) => line.replace(/§./gs, '');

function applyUpdate(store: BlockEntityStore, player: FlyingSquidPlayer, packet: SignUpdate): void {
  const editors = editorsOf.get(store);
  const k = key(packet.location);
  const sign = store.get(packet.location);
  if (!sign || sign.type.kind !== 'sign' || editors?.get(k) !== player.uuid) return;
  const waxed = sign.data.value['is_waxed'];
  if (waxed?.type === 'byte' && waxed.value !== 0) return;
  const side = packet.isFrontText ? 'front_text' : 'back_text';
  const current = sign.data.value[side] as CompoundTag | undefined;
  const lines = [packet.text1, packet.text2, packet.text3, packet.text4].map((l) =>
    JSON.stringify(strip(l ?? '')),
  );
  const messages = { type: 'list', value: { type: 'string', value: lines } } as Tag;
  const text: CompoundTag = { type: 'compound', value: { ...current?.value, messages } };
  // literal lines: what was filtered is what was written, so no filtered_messages
  delete text.value['filtered_messages'];
  store.load(packet.location, { type: 'compound', value: { ...sign.data.value, [side]: text } });
  editors?.delete(k);
  store.flush();
}

/** Lets this player write on signs the server opened the editor for. */
export function attachSignEditing(store: BlockEntityStore, player: FlyingSquidPlayer): void {
  let editors = editorsOf.get(store);
  if (!editors) editorsOf.set(store, (editors = new Map()));
  const mayEdit = editors;
  const client = player._client;
  const write = client.write.bind(client);
  client.write = (name: string, params: unknown) => {
    if (name === 'open_sign_entity')
      mayEdit.set(key((params as { location: BlockPos }).location), player.uuid);
    return write(name, params);
  };
  client.on('update_sign', (packet: SignUpdate) => applyUpdate(store, player, packet));
}

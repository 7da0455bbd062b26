/**
 * Display names as vanilla 1.21.4 builds them (world/entity/player/Player.getDisplayName,
 * Entity.createHoverEvent): the name with a show_entity hover, and for players a `/tell name ` click.
 */
import type { ComponentObject } from '../../capture/message.js';
import type { FlyingSquidPlayer } from './flying-squid-types.js';

/** UUIDUtil.CODEC writes a UUID as four big-endian signed ints */
export function uuidInts(uuid: string): number[] {
  const hex = uuid.replace(/-/g, '');
  const ints: number[] = [];
  for (let i = 0; i < 32; i += 8) ints.push(Number.parseInt(hex.slice(i, i + 8), 16) | 0);
  return ints;
}

export function playerDisplayName(player: FlyingSquidPlayer): ComponentObject {
  const name = player.username;
  return {
    text: name,
    insertion: name,
    clickEvent: { action: 'suggest_command', value: `/tell ${name} ` },
    hoverEvent: {
      action: 'show_entity',
      contents: { type: 'minecraft:player', id: uuidInts(player.uuid), name },
    },
  };
}

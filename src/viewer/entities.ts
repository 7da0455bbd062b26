/** Which entity the viewer's page draws for each one the bot sees (its models are prismarine-viewer's). */
import { entityModels } from './assets.js';

export interface EntityEvent {
  id: number;
  name?: string;
  username?: string;
  width?: number;
  height?: number;
}
export interface BotEntities {
  entities: Record<number, { uuid?: string } | undefined>;
  uuidToUsername?: Record<string, string>;
}

/**
 * Entities as the page can draw them. A player listed in the tab list is drawn as a player with its name,
 * whatever type the server sent: flying-squid sends players with no type, which 1.20.2+'s spawn_entity
 * carries as 0, the registry's first entity (acacia_boat in 1.21.4). The page's models are 1.16.4's: a boat
 * of any wood is its boat, and a type it has no model for is sent without its name, which the page draws as
 * a plain box instead of logging "Unknown entity".
 */
export function shownEntity(bot: BotEntities, event: EntityEvent): EntityEvent {
  if (event.name === undefined) return event;
  const uuid = bot.entities[event.id]?.uuid;
  const username = uuid === undefined ? undefined : bot.uuidToUsername?.[uuid];
  if (event.name !== 'player' && username !== undefined)
    return { ...event, name: 'player', username, width: 0.6, height: 1.8 };
  if (entityModels().has(event.name)) return event;
  // 1.21.2 split the boat into one type per wood (and the bamboo raft)
  if (/_(?:chest_)?(?:boat|raft)$/.test(event.name)) return { ...event, name: 'boat' };
  const { name: _unknown, ...rest } = event;
  return rest;
}

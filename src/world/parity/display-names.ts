/**
 * Entity names as vanilla 1.21.4 puts them in command feedback: Entity.getName(), Entity.getDisplayName()
 * (net/minecraft/world/entity/Entity.java, Player.java: hover show_entity, insertion, /tell click) and
 * ComponentUtils.formatList. Re-exported by selectors.ts.
 */
import type { ComponentObject, TextComponent } from '../../vocabulary/text/message.js';
import type { Target } from './entities.js';

/** UUIDUtil: the four big-endian ints vanilla writes for a UUID */
export function uuidInts(uuid: string): number[] {
  const hex = uuid.replace(/-/g, '').padStart(32, '0');
  return [0, 8, 16, 24].map((i) => Number.parseInt(hex.slice(i, i + 8), 16) | 0);
}

/** Entity.getName(): the custom name, a player's name, or the type's translatable description */
export function entityName(t: Target): TextComponent {
  if (t.player) return t.player.username;
  if (t.customName !== undefined) return t.customName;
  return { translate: `entity.minecraft.${t.type}` };
}

/** Entity.getDisplayName() (Player.getDisplayName() for players): the name with its hover and insertion. */
export function displayName(t: Target): ComponentObject {
  const name = entityName(t);
  const hoverEvent = {
    action: 'show_entity',
    contents: { type: `minecraft:${t.type}`, id: uuidInts(t.uuid), name },
  };
  if (t.player) {
    const username = t.player.username;
    return {
      text: username,
      insertion: username,
      clickEvent: { action: 'suggest_command', value: `/tell ${username} ` },
      hoverEvent,
    };
  }
  const base: ComponentObject =
    typeof name === 'object' && !Array.isArray(name) ? { ...name } : { text: '', extra: [name] };
  if (typeof name === 'string') {
    delete base.extra;
    base.text = name;
  }
  return { ...base, insertion: t.uuid, hoverEvent };
}

/** Entity.joinNames / ComponentUtils.formatList: names separated by a gray ", " */
export function joinNames(targets: Target[]): TextComponent {
  if (targets.length === 1) return displayName(targets[0]!);
  const extra: TextComponent[] = [];
  targets.forEach((t, i) => {
    if (i > 0) extra.push({ text: ', ', color: 'gray' });
    extra.push(displayName(t));
  });
  return { text: '', extra };
}

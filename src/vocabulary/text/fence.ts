/** Lines that reach the player but never belong to a command. */
import type { CapturedMessage, TextComponent } from './message.js';

/** keys the server sends on its own: chat of others, admin copies of other ops' commands, arrivals */
const FOREIGN_KEYS =
  /^(chat\.type\.|multiplayer\.player\.(joined|left)|death\.|commands\.message\.display\.)/;

export function topTranslateKey(component: TextComponent): string | undefined {
  if (typeof component !== 'object' || component === null || Array.isArray(component)) return undefined;
  return typeof component.translate === 'string' ? component.translate : undefined;
}

/** true for lines that can belong to the command being run */
export function isCommandLine(message: CapturedMessage): boolean {
  if (message.overlay) return false;
  const key = topTranslateKey(message.component);
  return !(key && FOREIGN_KEYS.test(key));
}

export const FENCE_KEY = 'mcbridge.fence';

/** The fence sent after a command: a tellraw to the bot itself, never red, needs op level 2. */
export const fenceCommand = (id: string): string =>
  `tellraw @s ${JSON.stringify({ translate: FENCE_KEY, with: [id] })}`;

/** The fence id in a line, if the line is a fence. */
export function fenceId(message: CapturedMessage): string | undefined {
  const c = message.component;
  if (typeof c !== 'object' || c === null || Array.isArray(c) || c.translate !== FENCE_KEY) return undefined;
  const arg = c.with?.[0];
  if (typeof arg === 'string' || typeof arg === 'number') return String(arg);
  if (arg && typeof arg === 'object' && !Array.isArray(arg)) {
    const inner = (arg as Record<string, unknown>)[''] ?? (arg as Record<string, unknown>)['text'];
    if (typeof inner === 'string' || typeof inner === 'number') return String(inner);
  }
  return undefined;
}

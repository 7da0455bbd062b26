/** Text components as the server sends them: normalising, plain-text rendering, and the vanilla shapes. */
import type { ComponentObject, TextComponent } from './message.js';

export type LanguageTable = Readonly<Record<string, string>>;

const isObject = (c: unknown): c is ComponentObject =>
  typeof c === 'object' && c !== null && !Array.isArray(c);

/**
 * The JSON shape of a component, whatever route it took. 1.20.3+ servers send NBT; converted back to
 * JSON, a heterogeneous NBT list wraps each element as `{"": value}` — unwrap those. Other keys are kept.
 */
export function normalizeComponent(raw: unknown): TextComponent {
  // most components arrive in their JSON shape already: they are returned as they are, not copied
  if (isNormal(raw)) return raw;
  if (raw === null || raw === undefined) return '';
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  if (typeof raw === 'bigint') return raw.toString();
  if (Array.isArray(raw)) return raw.map(normalizeComponent);
  if (typeof raw !== 'object') return String(raw);
  const obj = raw as Record<string, unknown>;
  const keys = Object.keys(obj);
  if (keys.length === 1 && keys[0] === '') return normalizeComponent(obj['']);
  const out: ComponentObject = {};
  for (const key of keys) {
    const value = obj[key];
    if ((key === 'with' || key === 'extra') && value !== undefined) {
      out[key] = (Array.isArray(value) ? value : [value]).map(normalizeComponent);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** `raw` is a component normalizeComponent would copy unchanged: nothing to unwrap, convert or wrap */
function isNormal(raw: unknown): raw is TextComponent {
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return true;
  if (Array.isArray(raw)) return raw.every(isNormal);
  if (typeof raw !== 'object' || raw === null) return false;
  const obj = raw as Record<string, unknown>;
  if ('' in obj) return false;
  for (const key of ['with', 'extra'] as const) {
    const value = obj[key];
    if (value !== undefined && !(Array.isArray(value) && value.every(isNormal))) return false;
  }
  return true;
}

const FORMAT = /%(?:(\d+)\$)?([A-Za-z%])/g;

/** Java-style `%s` / `%1$s` substitution as vanilla's TranslatableContents does it (`%%` is a percent sign). */
export function formatTemplate(template: string, args: readonly string[]): string {
  let next = 0;
  return template.replace(FORMAT, (whole, index: string | undefined, type: string) => {
    if (type === '%') return '%';
    const i = index === undefined ? next++ : Number(index) - 1;
    return args[i] ?? (index === undefined ? '' : whole);
  });
}

/** The arguments of a translated component (`with`), each rendered as plain text. */
export function argsAsText(c: TextComponent, lang: LanguageTable): string[] {
  if (!isObject(c) || !Array.isArray(c.with)) return [];
  return c.with.map((a) => renderPlainText(normalizeComponent(a), lang));
}

/** The component as the player reads it, in the language of `lang` (falls back to `fallback`, then the key). */
export function renderPlainText(c: TextComponent, lang: LanguageTable): string {
  if (typeof c === 'string') return c;
  if (typeof c === 'number' || typeof c === 'boolean') return String(c);
  if (Array.isArray(c)) return c.map((part) => renderPlainText(part, lang)).join('');
  if (!isObject(c)) return '';
  if (typeof c.translate === 'string') return renderTranslated(c, lang, argsAsText(c, lang));
  let own = '';
  if (c.text !== undefined) {
    own = String(c.text);
  } else if (typeof c['selector'] === 'string') {
    own = c['selector'];
  } else if (typeof c['keybind'] === 'string') {
    own = c['keybind'];
  }
  const extra = Array.isArray(c.extra) ? c.extra.map((e) => renderPlainText(e, lang)).join('') : '';
  return own + extra;
}

/** A translated component as the player reads it, its arguments already rendered (`argsAsText`). */
export function renderTranslated(c: ComponentObject, lang: LanguageTable, args: readonly string[]): string {
  const key = c.translate ?? '';
  const own = formatTemplate(lang[key] ?? c.fallback ?? key, args);
  return Array.isArray(c.extra) ? own + c.extra.map((e) => renderPlainText(e, lang)).join('') : own;
}

/** Every translate key in the component, depth first (the root's own key first, then arguments, then extras). */
export function findTranslateKeys(c: TextComponent): string[] {
  const keys: string[] = [];
  const walk = (node: TextComponent): void => {
    if (Array.isArray(node)) {
      for (const part of node) walk(part);
      return;
    }
    if (!isObject(node)) return;
    if (typeof node.translate === 'string') keys.push(node.translate);
    if (Array.isArray(node.with)) for (const a of node.with) walk(a);
    if (Array.isArray(node.extra)) for (const e of node.extra) walk(e);
  };
  walk(c);
  return keys;
}

/**
 * The component that carries the line's message: the root when it is translated, otherwise the first
 * translated component among the extras (never inside arguments, which are names and numbers).
 */
export function messageComponent(c: TextComponent): ComponentObject | undefined {
  if (Array.isArray(c)) {
    for (const part of c) {
      const found = messageComponent(part);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(c)) return undefined;
  if (typeof c.translate === 'string') return c;
  return Array.isArray(c.extra) ? messageComponent(c.extra) : undefined;
}

const isEmptyText = (c: ComponentObject): boolean =>
  c.translate === undefined && (c.text === undefined || c.text === '');

/**
 * Vanilla's failure wrapper: `{"text":"","color":"red","extra":[…]}` — red at the root, or an empty-text
 * root whose first child is red (how some servers and converters push the style down).
 */
export function isRedWrapped(c: TextComponent): boolean {
  if (Array.isArray(c)) return c[0] !== undefined && isRedWrapped(c[0]);
  if (!isObject(c)) return false;
  if (c.color === 'red') return true;
  const first = Array.isArray(c.extra) ? c.extra[0] : undefined;
  return isEmptyText(c) && first !== undefined && isObject(first) && first.color === 'red';
}

/** The second line of a parse error: the command up to the cursor, then `<--[HERE]`. */
export const isContextLine = (c: TextComponent): boolean => hasTranslateKey(c, 'command.context.here');

/** `key` is the component's own key, an argument's or an extra's (anywhere findTranslateKeys looks) */
function hasTranslateKey(c: TextComponent, key: string): boolean {
  if (Array.isArray(c)) return c.some((part) => hasTranslateKey(part, key));
  if (!isObject(c)) return false;
  if (c.translate === key) return true;
  if (Array.isArray(c.with) && c.with.some((a) => hasTranslateKey(a, key))) return true;
  return Array.isArray(c.extra) && c.extra.some((e) => hasTranslateKey(e, key));
}

/** The command text a context line offers to suggest again (`suggest_command` value without the `/`). */
export function contextCommand(c: TextComponent): string | undefined {
  if (Array.isArray(c)) {
    for (const part of c) {
      const found = contextCommand(part);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isObject(c)) return undefined;
  const click = c.clickEvent ?? (c['click_event'] as ComponentObject['clickEvent']);
  const value = click?.value ?? (click as { command?: unknown } | undefined)?.command;
  if (click?.action === 'suggest_command' && typeof value === 'string') return value.replace(/^\//, '');
  return Array.isArray(c.extra) ? contextCommand(c.extra) : undefined;
}

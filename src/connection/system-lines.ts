/**
 * The game's system lines (command feedback, action bar) read straight off the bot's `system_chat` packets,
 * as CapturedMessages.
 *
 * On the way from packet to mineflayer's `message` event every line is converted twice and parsed twice:
 * minecraft-protocol (src/client/chat.js) simplifies 1.20.3+'s NBT and serialises it to JSON text, then
 * mineflayer's chat plugin (lib/plugins/chat.js) parses that into a prismarine-chat ChatMessage, renders it
 * to a string twice and runs its chat patterns over it: about a quarter of the CPU of a warm 1000-command
 * call in the bench's profile (`npm run bench:first-call -- --profile`). A builder bot needs none of it.
 * mcbridge turns the packet's NBT (or, before 1.20.3, JSON text) into the component itself, the way
 * prismarine-chat's processNbtMessage does, and renders the plain text with the en_us tables the bridge
 * path uses.
 *
 * Taking the lines over removes both listeners from the bot's client: its `systemChat` event and
 * mineflayer's `message`, `messagestr` and `actionBar` events no longer fire for system lines. Players'
 * chat (`player_chat`) is not touched; it never belongs to a command.
 */
import type { Bot } from 'mineflayer';
import type { CapturedMessage, TextComponent } from '../vocabulary/text/message.js';
import { languageFor } from '../vocabulary/text/language.js';
import { FENCE_KEY } from '../vocabulary/text/fence.js';
import { type LanguageTable, normalizeComponent, renderPlainText } from '../vocabulary/text/component.js';

/** One NBT tag as minecraft-protocol decodes it */
interface NbtTag {
  type: string;
  value: unknown;
}

interface SystemChatPacket {
  /** 1.20.3+: an NBT tag; before: JSON text */
  content: NbtTag | string | null;
  isActionBar: boolean;
}

/** What minecraft-protocol emits for system lines of servers before 1.19 (the `chat` packet) */
interface SystemChatEvent {
  formattedMessage: string | null;
  positionId: number;
}

const TAKEN = Symbol('mcbridge.systemLines');

/** A UUID sent as four ints, as the hex text prismarine-chat makes of it */
function uuidHex(ints: readonly number[]): string {
  const bytes = Buffer.alloc(16);
  ints.forEach((n, i) => bytes.writeInt32BE(n, i * 4));
  return bytes.toString('hex');
}

/** prismarine-nbt's `simplify`, with prismarine-chat's one change: an `id` of int array becomes UUID hex */
export function plainNbt(tag: NbtTag): unknown {
  if (tag.type === 'compound') {
    const fields = tag.value as Record<string, NbtTag>;
    const out: Record<string, unknown> = {};
    for (const key in fields) {
      const value = plainNbt(fields[key]!);
      out[key] = key === 'id' && Array.isArray(value) ? uuidHex(value as number[]) : value;
    }
    return out;
  }
  if (tag.type === 'list') {
    const list = tag.value as { type: string; value: unknown[] };
    return plainList(list.type, list.value);
  }
  return tag.value;
}

/** a list's items: primitives are their own plain value, compounds and lists are converted */
function plainList(type: string, items: unknown[]): unknown[] {
  if (type !== 'compound' && type !== 'list') return items.slice();
  return items.map((value) => plainNbt({ type, value }));
}

/** Parses JSON text; a line that is not JSON is its own text. */
export function componentOfJson(formatted: string | null): TextComponent {
  if (formatted === null || formatted === '') return '';
  try {
    return normalizeComponent(JSON.parse(formatted));
  } catch {
    return formatted;
  }
}

/** The component of one `system_chat` packet. */
export function componentOfPacket(content: SystemChatPacket['content']): TextComponent {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return componentOfJson(content);
  if (content.type === 'end') return '';
  return normalizeComponent(plainNbt(content));
}

/**
 * A line with its plain text. A fence (a translate key no language has, its id as argument, nothing else)
 * reads as its key, which is what rendering it gives, without rendering its argument first: half the lines
 * of a batch are fences.
 */
function lineOf(component: TextComponent, overlay: boolean, lang: LanguageTable): CapturedMessage {
  const bareFence =
    typeof component === 'object' &&
    component !== null &&
    !Array.isArray(component) &&
    component.translate === FENCE_KEY &&
    component.fallback === undefined &&
    component.extra === undefined &&
    lang[FENCE_KEY] === undefined;
  return { component, text: bareFence ? FENCE_KEY : renderPlainText(component, lang), overlay };
}

/**
 * Calls `listener` for each system line the bot receives from now on, in order. The first call on a bot
 * takes the lines over from minecraft-protocol and mineflayer; later calls add listeners beside the first.
 * Returns a function that removes this listener.
 */
export function readSystemLines(bot: Bot, listener: (message: CapturedMessage) => void): () => void {
  let lang: LanguageTable | undefined;
  return readSystemComponents(bot, (component, overlay) => {
    lang ??= languageFor(bot.version);
    listener(lineOf(component, overlay, lang));
  });
}

/** As readSystemLines, the component only: for who forwards the lines (the peer) and never reads their text. */
export function readSystemComponents(
  bot: Bot,
  listener: (component: TextComponent, overlay: boolean) => void,
): () => void {
  const client = bot._client as unknown as NodeJS.EventEmitter & { [TAKEN]?: true };
  if (!client[TAKEN]) {
    client.removeAllListeners('system_chat');
    client.removeAllListeners('systemChat');
    client[TAKEN] = true;
  }
  const onPacket = (packet: SystemChatPacket) =>
    listener(componentOfPacket(packet.content), packet.isActionBar === true);
  // servers before 1.19 send system lines as `chat` packets, which minecraft-protocol turns into this event
  const onLegacy = (event: SystemChatEvent) =>
    listener(componentOfJson(event.formattedMessage), event.positionId === 2);
  client.on('system_chat', onPacket);
  client.on('systemChat', onLegacy);
  return () => {
    client.off('system_chat', onPacket);
    client.off('systemChat', onLegacy);
  };
}

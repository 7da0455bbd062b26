/**
 * One line the server sent to the player, as received.
 * `component` is the game's JSON text component (translate keys preserved) — on 1.20.3+ servers the
 * network carries NBT, which is converted back to the JSON shape before it gets here.
 */
export interface CapturedMessage {
  component: TextComponent;
  /** the line rendered as plain text (English) */
  text: string;
  /** action-bar line rather than chat */
  overlay: boolean;
  /** milliseconds since the command was sent */
  atMs?: number;
}

/** A Minecraft JSON text component; strings and numbers are valid components too. */
export type TextComponent = string | number | boolean | ComponentObject | TextComponent[];

export interface ComponentObject {
  text?: string;
  translate?: string;
  with?: TextComponent[];
  fallback?: string;
  extra?: TextComponent[];
  color?: string;
  bold?: boolean;
  italic?: boolean;
  underlined?: boolean;
  strikethrough?: boolean;
  obfuscated?: boolean;
  clickEvent?: { action: string; value?: string };
  hoverEvent?: { action: string; contents?: unknown; value?: unknown };
  [other: string]: unknown;
}

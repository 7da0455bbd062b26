/**
 * One rule for the characters of a command: what mcbridge sends is the command as written, or nothing.
 *
 * Refused anywhere in a command, never trimmed: control characters (C0, DEL, C1), `§`, invisible format
 * characters (zero-width spaces, U+FEFF…), line and paragraph separators and lone surrogates. Vanilla kicks
 * the player for the first group (StringUtil.isAllowedChatCharacter: `§`, below U+0020, DEL); the rest
 * cannot be seen in the text a model wrote, or cannot be sent as written (a lone surrogate becomes U+FFFD on
 * the wire). Trimming them would send a command other than the one written and still report it `applied` as
 * if run as written; a model that sent "setblock …\n" expects either that command or a clear refusal, and a
 * refusal naming the character and its offset tells it exactly what to remove.
 *
 * Dropped silently, because vanilla drops them too: spaces at both ends and one leading `/` (the chat screen
 * trims what a player types and sends a command without its slash: ChatScreen.normalizeChatMessage and
 * handleChatInput, net/minecraft/client/gui/screens/ChatScreen.java, 1.21.4). The command echoed in each
 * result is the one sent.
 */
const REFUSED = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u00a7]/u;

/** The command as it is checked and sent: without spaces at the ends and without its leading slash. */
export const commandAsSent = (raw: string): string => raw.replace(/^ +| +$/g, '').replace(/^\//, '');

const describe = (c: number): string =>
  c < 0x20 || c === 0x7f || (c >= 0x80 && c < 0xa0)
    ? 'a control character'
    : c === 0xa7
      ? 'a section sign'
      : c >= 0xd800 && c <= 0xdfff
        ? 'half of a surrogate pair'
        : 'an invisible character';

export function illegalCharacters(text: string): { rule: 'illegal_characters'; summary: string } | undefined {
  const m = REFUSED.exec(text);
  if (m === null) return undefined;
  const c = m[0].codePointAt(0)!;
  const code = c.toString(16).toUpperCase().padStart(4, '0');
  const kicks = c < 0x20 || c === 0x7f || c === 0xa7;
  return {
    rule: 'illegal_characters',
    summary:
      `refused by safety rule illegal_characters: character U+${code} (${describe(c)}) at offset ${m.index}` +
      `${kicks ? ' gets the bot kicked (illegal_characters)' : ' is not sent as written'}; nothing was sent. ` +
      'Fix: remove it (line breaks and tabs included, anywhere in the command); use one command per item ' +
      'and JSON text components for colours',
  };
}

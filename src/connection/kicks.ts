/**
 * Kicks that mean "too much, too fast": recognised by their translation key (or the English text servers
 * send instead), with the cause and the fix in words a model can act on.
 */

export interface KickExplanation {
  kind: 'packet_rate' | 'command_spam';
  cause: string;
  fix: string;
}

const KNOWN: ReadonlyArray<{ test: RegExp } & KickExplanation> = [
  {
    // Paper's packet limiter: red translatable disconnect.exceeded_packet_rate (en_us: "Kicked for
    // exceeding packet rate limit"); configs from before it was translatable send "Sent too many packets"
    test: /disconnect\.exceeded_packet_rate|exceeding packet rate limit|sent too many packets/i,
    kind: 'packet_rate',
    cause:
      "the server's packet limiter kicked the bot for sending too many packets (Paper and its forks: packet-limiter.all-packets, by default 500 packets/s averaged over 7 s; operators are not exempt)",
    fix: 'raise packet-limiter.all-packets.max-packet-rate in config/paper-global.yml and restart the server, or lower mcbridge\'s limit with --packet-limit (or "packetLimit" of this connection in the config file), e.g. --packet-limit 400/7',
  },
  {
    // vanilla's spam kick (ServerGamePacketListenerImpl.detectRateSpam, see command-throttle.ts): a command
    // runs, then adds 20 to a count that loses 1 per tick; at 20 × command-spam-threshold-seconds (default
    // 10) a player who is not an operator is disconnected with disconnect.spam ("Kicked for spamming")
    test: /disconnect\.spam|kicked for spamming/i,
    kind: 'command_spam',
    cause:
      "vanilla's spam kick: every command adds one second to a counter that drains one second per second, and a player who is not an operator is kicked when it reaches command-spam-threshold-seconds (server.properties since 26.2, default 10; before 26.2 a fixed 10 shared with chat). The command that reached it had already run, so check the world before sending it again",
    fix: 'make the bot an operator (`op <name>` in the server console; through the mod: your player): operators are never kicked for spam, and mcbridge needs operator rights for its fences anyway. Or raise command-spam-threshold-seconds in server.properties (0 turns the kick off) and restart the server, then tell mcbridge with --command-spam-threshold <seconds> (or "commandSpamThreshold" of this connection in the config file) so that it paces to the new value; or send fewer commands per call',
  },
];

export function explainKick(reason: string): KickExplanation | undefined {
  const found = KNOWN.find((k) => k.test.test(reason));
  return found ? { kind: found.kind, cause: found.cause, fix: found.fix } : undefined;
}

/** The close reason of a kick: what the server said, then why and what to do when the kick is known. */
export function kickReason(readable: string): string {
  const known = explainKick(readable);
  const said = `kicked by the server: ${readable}`;
  return known ? `${said} — ${known.cause}. Fix: ${known.fix}. Nothing is resent on its own` : said;
}

/**
 * The bridge learns only that the game left the world, not the server's reason (the mod does not pass it
 * on): while commands were going out, name the kick a burst of commands can cause and its fix.
 */
export function leftWhileSending(reason: string): string {
  const spam = explainKick('disconnect.spam')!;
  return `${reason} while commands were going out; the server's reason shows on the game's screen, and if it says "Kicked for spamming" (disconnect.spam) it was ${spam.cause}. Fix: ${spam.fix}. Nothing is resent on its own`;
}

/** Kick reasons arrive as strings, JSON text, or NBT-derived objects: make them readable. */
export function readableReason(reason: unknown): string {
  if (typeof reason === 'string') {
    try {
      return readableReason(JSON.parse(reason));
    } catch {
      return reason;
    }
  }
  if (reason && typeof reason === 'object') {
    const r = reason as {
      text?: unknown;
      translate?: unknown;
      extra?: unknown[];
      with?: unknown[];
      value?: unknown;
    };
    if (r.value !== undefined && !r.text && !r.translate) return readableReason(r.value);
    let out = typeof r.text === 'string' ? r.text : typeof r.translate === 'string' ? r.translate : '';
    if (Array.isArray(r.with) && r.with.length) out += ` (${r.with.map(readableReason).join(', ')})`;
    if (Array.isArray(r.extra)) out += r.extra.map(readableReason).join('');
    return out || JSON.stringify(reason);
  }
  return String(reason);
}

/** What to do about a kick: the known fixes first, then hints from the reason's words. */
export function kickRemedy(reason: string): string | undefined {
  const known = explainKick(reason);
  if (known) return known.fix;
  if (/whitelist|white-listed/i.test(reason)) return 'add the bot to the server whitelist';
  if (/outdated|version/i.test(reason)) return 'set --version to the server version';
  if (/authenticat|online-mode|premium/i.test(reason))
    return 'the server is in online mode: set online-mode=false in server.properties for bots';
  return undefined;
}

/**
 * Vanilla's command spam kick in the embedded world, for tests: as ServerGamePacketListenerImpl does it
 * (26.3, 0khs/minecraft_source_26.3; the rule and its sources in connection/command-throttle.ts), each
 * player has a count that a command adds 20 to after it has run and that every server tick (50 ms) takes
 * 1 off, never below 0; when it is no longer under 20 × `seconds` a player who is not an operator is
 * disconnected with the translatable `disconnect.spam`. The embedded world's brand stays `flying-squid`.
 */
import type { FlyingSquidPlayer, FlyingSquidServer } from './parity/flying-squid-types.js';
import { componentToNbt } from './parity/nbt.js';

export interface VanillaSpamOptions {
  /** command-spam-threshold-seconds (vanilla's default 10) */
  seconds: number;
}

interface KickableClient {
  on(event: string, listener: () => void): void;
  write(name: string, params: unknown): void;
  end(reason?: string): void;
}

const TICK_MS = 50;
const KICK = { translate: 'disconnect.spam' };

export function installVanillaSpam(
  serv: FlyingSquidServer,
  options: VanillaSpamOptions,
  log: (line: string) => void,
): void {
  serv.on('newPlayer', (player: FlyingSquidPlayer) => {
    const client = player._client as unknown as KickableClient;
    const start = performance.now();
    let count = 0;
    let ticked = 0; // ticks already taken off
    let kicked = false;
    const onCommand = () =>
      // after the command has run, as vanilla counts it
      setImmediate(() => {
        if (kicked) return;
        const ticks = Math.floor((performance.now() - start) / TICK_MS);
        count = Math.max(0, count - (ticks - ticked)) + 20;
        ticked = ticks;
        if (count < 20 * options.seconds || options.seconds <= 0 || player.op) return;
        kicked = true;
        log(`vanilla-spam: kicked ${player.username} at ${count}`);
        try {
          client.write('kick_disconnect', { reason: componentToNbt(KICK) });
        } finally {
          client.end('disconnect.spam');
        }
      });
    client.on('chat_command', onCommand);
    client.on('chat_command_signed', onCommand);
  });
}

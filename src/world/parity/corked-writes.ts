/**
 * A player's packets leave in one socket write per turn of the event loop, not one write each.
 *
 * minecraft-protocol writes every packet to the socket on its own (serializer, framer, socket.write): one
 * syscall and one native writeBuffer per packet, most of the embedded world's CPU when a bot sends a
 * thousand commands (`npm run bench:profile`). Vanilla's network thread flushes a connection's packets
 * together too (net/minecraft/network/Connection.java: `send(packet, listener, flush)`, and the tick's
 * `flushChannel`). The packets and their order stay the same; only the writes are fewer.
 *
 * When bytes arrive from the player the socket is corked, and it is uncorked in the same turn's check
 * phase (`setImmediate`), after the packets read were parsed and their commands ran (a command that waits
 * on something slower, a template over IPC, sends what follows uncorked). Nothing waits longer than that turn.
 */
import type { Socket } from 'node:net';

const CORKED = Symbol('mcbridge.corkedWrites');

export function corkWritesPerTurn(socket: Socket | undefined): void {
  if (!socket) return;
  const s = socket as Socket & { [CORKED]?: true };
  if (s[CORKED]) return;
  s[CORKED] = true;
  let held = false;
  const release = () => {
    held = false;
    if (!socket.destroyed) socket.uncork();
  };
  // before the protocol's own reader: the answers it leads to are written after this
  socket.prependListener('data', () => {
    if (held || socket.destroyed) return;
    held = true;
    socket.cork();
    setImmediate(release);
  });
}

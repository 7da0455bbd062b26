/**
 * Two costs of minecraft-protocol's framing that a bot sending thousands of commands pays per packet, and
 * how mcbridge avoids them on its own connections (the bench profile: `npm run bench:first-call -- --profile`).
 *
 * Reading: frames are split without an exception per TCP read (src/vocabulary/frames.ts).
 *
 * Writing: every packet is its own socket write (one syscall each, two per command with its fence).
 * `Coalescer.hold` corks the socket until the current tick's synchronous code is done, so that a burst
 * of commands leaves in one write. Nothing waits longer than that tick.
 */
import type { Socket } from 'node:net';

/** Corks a socket for the rest of the current tick, so that the packets written meanwhile leave together. */
export class Coalescer {
  private held = false;
  constructor(private readonly socket: () => Socket | undefined) {}

  hold(): void {
    if (this.held) return;
    const socket = this.socket();
    if (!socket || socket.destroyed) return;
    this.held = true;
    socket.cork();
    process.nextTick(() => {
      this.held = false;
      socket.uncork();
    });
  }
}

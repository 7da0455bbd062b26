/**
 * Frames written in one turn of the event loop leave the process in one write. Written one by one, every
 * frame is a system call of its own, and on loopback also a wake-up of the reader: in the bench that was the
 * largest part of the bridge path's CPU on both sides, more than the JSON of the frames.
 */
import type { Duplex } from 'node:stream';

export class WritesPerTurn {
  private held = false;

  constructor(private readonly socket: Duplex) {}

  /** Call before each write: the first of a turn corks the socket, and it is uncorked once the turn's I/O is done. */
  hold(): void {
    if (this.held || this.socket.destroyed) return;
    this.held = true;
    this.socket.cork();
    // after the poll phase: every frame the data that arrived in this turn caused is written by then
    setImmediate(() => {
      this.held = false;
      this.socket.uncork();
    });
  }
}

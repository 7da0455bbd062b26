/**
 * When each serverbound packet of a connection left: a sliding window of send times, the same count a
 * server's packet limiter keeps (Paper counts every packet the connection receives, whatever its kind).
 */

export class PacketLog {
  /** send times (performance.now() ms) of the packets still inside the window, oldest first */
  private times: number[] = [];
  private start = 0;
  /** packets sent since the log was made */
  total = 0;

  constructor(public windowMs = 7000) {}

  record(now = performance.now()): void {
    this.times.push(now);
    this.total++;
    // drop expired entries in chunks, so that recording stays O(1) amortised
    if (this.start > 4096 && this.start * 2 > this.times.length) {
      this.times = this.times.slice(this.start);
      this.start = 0;
    }
    this.prune(now);
  }

  /** packets sent within the last `windowMs` */
  count(now = performance.now()): number {
    this.prune(now);
    return this.times.length - this.start;
  }

  /** the send time of the k-th oldest packet still in the window (k from 0) */
  sentAt(k: number, now = performance.now()): number | undefined {
    this.prune(now);
    return this.times[this.start + k];
  }

  private prune(now: number): void {
    const cutoff = now - this.windowMs;
    while (this.start < this.times.length && this.times[this.start]! <= cutoff) this.start++;
  }
}

interface WritableClient {
  write(name: string, params: unknown): void;
  writeRaw?(buffer: Buffer): void;
}

/**
 * Counts every packet a minecraft-protocol client writes: commands and fences, and also what mineflayer
 * and minecraft-protocol send on their own (keep-alive, position, acknowledgements, plugin channels).
 */
export function countWrites(client: WritableClient, log: PacketLog): void {
  const write = client.write.bind(client);
  client.write = (name: string, params: unknown) => {
    log.record();
    write(name, params);
  };
  if (client.writeRaw) {
    const writeRaw = client.writeRaw.bind(client);
    client.writeRaw = (buffer: Buffer) => {
      log.record();
      writeRaw(buffer);
    };
  }
}

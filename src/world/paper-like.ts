/**
 * A Paper-like embedded world, for tests and the benchmark: the server announces brand `Paper` and
 * enforces Paper's packet limiter exactly as Paper does (PaperMC/Paper: `packet-limiter.all-packets` in
 * GlobalConfiguration.java, defaults interval 7.0 s, max-packet-rate 500.0, action KICK, kick message the
 * red translatable `disconnect.exceeded_packet_rate`; the check in Paper's patch of
 * net/minecraft/network/Connection.java). Every packet a connection receives, of any kind, is added to a
 * counter over a sliding window; when count ÷ interval reaches the rate the connection is kicked, the
 * packet that tipped it over is not handled, and nothing it sends afterwards is read.
 */
import type { EventEmitter } from 'node:events';
import type { FlyingSquidPlayer, FlyingSquidServer } from './parity/flying-squid-types.js';
import { componentToNbt } from './parity/nbt.js';

export interface PaperLikeOptions {
  /** packets per second, averaged over the interval (Paper's max-packet-rate, default 500) */
  maxPacketRate: number;
  /** the sliding window in seconds (Paper's interval, default 7) */
  intervalSeconds: number;
}

export const PAPER_DEFAULTS: PaperLikeOptions = { maxPacketRate: 500, intervalSeconds: 7 };

interface ProtocolClient extends EventEmitter {
  state: string;
  write(name: string, params: unknown): void;
  end(reason?: string): void;
}

type PaperLikeServer = FlyingSquidServer & { _server: EventEmitter };
type BrandedPlayer = FlyingSquidPlayer & { sendBrand(brand?: string): Promise<void> };
interface BrandClient {
  registerChannel(name: string, type: unknown): void;
  writeChannel(name: string, data: string): void;
}

const KICK = { translate: 'disconnect.exceeded_packet_rate', color: 'red' };

export function installPaperLike(
  serv: FlyingSquidServer,
  options: PaperLikeOptions,
  log: (line: string) => void,
): void {
  (serv as PaperLikeServer)._server.on('connection', (client: ProtocolClient) =>
    limitPackets(client, options, log),
  );
  serv.on('newPlayer', (player: BrandedPlayer) => {
    // flying-squid announces its own brand on the bare `brand` channel when the player spawns; Paper says
    // `Paper` on vanilla's `minecraft:brand`
    player.sendBrand = async () => {
      const client = player._client as unknown as BrandClient;
      client.registerChannel('minecraft:brand', ['string', []]);
      client.writeChannel('minecraft:brand', 'Paper');
    };
  });
}

function limitPackets(client: ProtocolClient, o: PaperLikeOptions, log: (line: string) => void): void {
  const windowMs = o.intervalSeconds * 1000;
  const times: number[] = [];
  let start = 0;
  let kicked = false;
  let current: string | undefined; // the name of the packet being emitted
  const emit = client.emit.bind(client);
  client.emit = (event: string | symbol, ...args: unknown[]): boolean => {
    if (event === 'packet') {
      current = (args[1] as { name?: string } | undefined)?.name;
      if (!kicked) {
        const now = performance.now();
        times.push(now);
        while (times[start]! <= now - windowMs) start++;
        if (start > 4096) {
          times.splice(0, start);
          start = 0;
        }
        const count = times.length - start;
        if (count / o.intervalSeconds >= o.maxPacketRate) {
          kicked = true;
          log(`paper-like: kicked after ${count} packets in ${o.intervalSeconds} s`);
          kick(client);
        }
      }
    }
    const ofPacket =
      event === 'packet' ||
      event === 'raw' ||
      event === current ||
      (typeof event === 'string' && event.startsWith('raw.'));
    if (kicked && ofPacket) return false;
    return emit(event, ...args);
  };
}

function kick(client: ProtocolClient): void {
  try {
    if (client.state === 'play') client.write('kick_disconnect', { reason: componentToNbt(KICK) });
  } finally {
    client.end('disconnect.exceeded_packet_rate');
  }
}

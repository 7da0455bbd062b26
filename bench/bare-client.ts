/**
 * A bare minecraft-protocol client (no mineflayer, no fences, no attribution): the floor mcbridge's stdio
 * server is measured against. It sends commands and waits for one closing reply.
 */
import mc from 'minecraft-protocol';

type Origin = { x: number; y: number; z: number };

/**
 * Whether a `system_chat` packet's content is the line `{"translate": key}`: an NBT compound since 1.20.3
 * (as minecraft-protocol decodes it), JSON text before. Read where it stands, so that the bench adds no work
 * of its own per line to the bare client's run (serialising every packet to look for the key cost more).
 */
function isLineOf(content: unknown, key: string): boolean {
  if (typeof content === 'string') return content.includes(key);
  const translate = (content as { value?: { translate?: { value?: unknown } } } | null)?.value?.translate;
  return translate?.value === key;
}
/** the world it joins: where, which version, and how to make its player an operator */
export type BareWorld = { host: string; port: number; version: string; op?: (name: string) => Promise<void> };

/** A minecraft-protocol client and nothing else: sends commands, waits for one closing reply. */
export class BareClient {
  private constructor(
    private readonly client: mc.Client,
    readonly at: Origin,
  ) {}

  static async join(world: BareWorld, username = 'BareClient'): Promise<BareClient> {
    await world.op?.(username);
    const client = mc.createClient({
      host: world.host,
      port: world.port,
      username,
      version: world.version,
      auth: 'offline',
    });
    const at = await new Promise<Origin>((resolve, reject) => {
      client.once('error', reject);
      client.once('position', (p: Origin & { teleportId: number }) => {
        client.write('teleport_confirm', { teleportId: p.teleportId });
        resolve({ x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) });
      });
    });
    return new BareClient(client, at);
  }

  /** commands/s until the server has answered the last one */
  async run(commands: string[]): Promise<number> {
    const end = `bare.end.${Math.random().toString(36).slice(2)}`;
    const done = new Promise<void>((resolve) => {
      const on = (packet: { content?: unknown }) => {
        if (!isLineOf(packet.content, end)) return;
        this.client.off('system_chat', on);
        resolve();
      };
      this.client.on('system_chat', on);
    });
    const t = performance.now();
    for (const command of commands) this.client.chat(`/${command}`);
    this.client.chat(`/tellraw @s {"translate":"${end}"}`);
    await done;
    return (commands.length / (performance.now() - t)) * 1000;
  }

  /** ms from sending one command to the server's first line back (a setblock answers with one line) */
  async one(command: string): Promise<number> {
    const answered = new Promise<void>((resolve) => this.client.once('system_chat', () => resolve()));
    const t = performance.now();
    this.client.chat(`/${command}`);
    await answered;
    return performance.now() - t;
  }

  close(): void {
    this.client.end();
  }
}

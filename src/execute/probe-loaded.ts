/**
 * Before a batch writes where the bot sees no chunk, the server is asked whether it holds them: only it knows
 * (spawn chunks, forceloaded ones, other players' surroundings). One cheap command per such chunk column,
 * `execute if blocks P P P all` — a region compared with itself always matches, and vanilla's
 * ExecuteCommand.checkRegions takes each corner through BlockPosArgument.getLoadedBlockPos, the same
 * `hasChunkAt` check whose refusal (`argument.pos.unloaded`) a setblock or fill there would get. (`execute if
 * loaded` asks more: an entity-ticking chunk.) Writes into a column the server calls not loaded are not sent:
 * they get a result that says so, and the hints give them again after a teleport there.
 */
import type { PlannedStep } from '../batch/plan.js';
import { boxesTouched } from '../commands/block-box.js';
import type { BlockWrite } from '../commands/block-write.js';
import { channelBlockSource } from '../connection/block-reads.js';
import type { ConnectionSession } from '../connection/session.js';
import { UNLOADED_NOT_SENT } from '../hints/index.js';
import type { CommandResult } from '../results/schema.js';
import type { BlockPos } from '../vocabulary/blocks/box.js';
import { runSegments } from './run-segments.js';

/** Most columns probed for one batch; a batch reaching farther is sent as it is (the server refuses what it must). */
export const MAX_PROBED_COLUMNS = 256;

const columnKey = (cx: number, cz: number): string => `${cx},${cz}`;

/**
 * Calls `visit` for each chunk column the writes touch (again for each box that touches it), with one position in
 * it that a write changes.
 */
function forEachColumn(
  writes: readonly BlockWrite[],
  visit: (key: string, x: number, y: number, z: number) => void,
): void {
  for (const box of boxesTouched(writes)) {
    for (let cx = box.min.x >> 4; cx <= box.max.x >> 4; cx++) {
      for (let cz = box.min.z >> 4; cz <= box.max.z >> 4; cz++) {
        visit(columnKey(cx, cz), Math.max(box.min.x, cx * 16), box.min.y, Math.max(box.min.z, cz * 16));
      }
    }
  }
}

/**
 * Asks the server about the columns the batch writes in that the bot has not loaded, and gives every sendable
 * command writing into one it calls not loaded its result (not sent). Does nothing where the bot cannot read
 * blocks, the server has no fences (a probe's silence would prove nothing), or the bot sees every column.
 */
export async function probeLoaded(
  session: ConnectionSession,
  writes: readonly BlockWrite[][],
  sendable: ReadonlySet<number>,
  results: Array<CommandResult | undefined>,
  commands: readonly string[],
): Promise<void> {
  const source = channelBlockSource(session.channel);
  if (!source || session.capabilities.strategy !== 'fenced') return;
  // the chunks the bot holds, where the channel lists them (no block read: the undo snapshot reads the written
  // blocks once, and verification once more); else one block read per column
  const held = session.channel.worldView?.()?.loadedChunks;
  const heldKeys = held ? new Set(held.map(([cx, cz]) => columnKey(cx, cz))) : undefined;
  const seen = (key: string, pos: BlockPos): boolean => {
    if (heldKeys) return heldKeys.has(key);
    try {
      return source.readBlock(pos) !== 'unloaded';
    } catch {
      return false;
    }
  };
  const unseen = new Map<string, BlockPos>();
  const looked = new Set<string>();
  for (const i of sendable) {
    forEachColumn(writes[i] ?? [], (key, x, y, z) => {
      if (looked.has(key)) return;
      looked.add(key);
      const pos = { x, y, z };
      if (!seen(key, pos)) unseen.set(key, pos);
    });
  }
  if (unseen.size === 0 || unseen.size > MAX_PROBED_COLUMNS) return;
  const probes = [...unseen.entries()];
  const probeCommands = probes.map(
    ([, p]) => `execute if blocks ${p.x} ${p.y} ${p.z} ${p.x} ${p.y} ${p.z} ${p.x} ${p.y} ${p.z} all`,
  );
  const steps: PlannedStep[] = probeCommands.map((command, index) => ({ index, command, dependsOn: [] }));
  const answers: Array<CommandResult | undefined> = probeCommands.map(() => undefined);
  await runSegments(session, steps, probeCommands, answers, { policy: { noChangeIsSuccess: false } });
  const unloaded = new Set(
    probes.filter((_, k) => answers[k]?.detail?.key === 'argument.pos.unloaded').map(([key]) => key),
  );
  if (unloaded.size === 0) return;
  for (const i of sendable) {
    if (results[i] !== undefined) continue;
    let hit: string | undefined;
    forEachColumn(writes[i] ?? [], (key) => {
      if (hit === undefined && unloaded.has(key)) hit = key;
    });
    if (hit === undefined) continue;
    const [cx, cz] = hit.split(',').map(Number) as [number, number];
    results[i] = {
      index: i,
      command: commands[i]!,
      status: 'unknown',
      accepted: false,
      applied: false,
      executionTimeMs: 0,
      summary: `Not sent: the server has not loaded chunk ${cx} ${cz} (blocks ${cx * 16}..${cx * 16 + 15}, ${cz * 16}..${cz * 16 + 15}), where it writes; the next steps move the bot there and send it again`,
      chatMessages: [],
      detail: { reason: UNLOADED_NOT_SENT },
    };
  }
}

/**
 * Reading and upgrading a big pre-1.13 structure file: a 64×32×64 MCEdit .schematic (131,072 blocks) of
 * stone floors, stair roofs, fences, panes, walls, redstone wire and note blocks, decoded from its bytes
 * (formats/) and read as 1.21.4 reads it (upgrade/: flattening, fill-ins, DataFixers rules, neighbour
 * shapes). Figures: the median and slowest of several runs, and the heap the result holds.
 */
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { upgradeTargetOf } from '../src/mcp/tools/structure-plan.js';
import { decodeStructure } from '../src/structures/formats/index.js';
import { upgradeStructure } from '../src/structures/upgrade/index.js';

const require = createRequire(import.meta.url);
const nbt = require('prismarine-nbt') as typeof import('prismarine-nbt');

const SIZE = { x: 64, y: 32, z: 64 };

/** a town of 8×8 huts, one every 8 blocks: numeric ids and data as MCEdit wrote them */
function townSchematic(): Buffer {
  const volume = SIZE.x * SIZE.y * SIZE.z;
  const ids = new Array<number>(volume).fill(0);
  const data = new Array<number>(volume).fill(0);
  const set = (x: number, y: number, z: number, id: number, d = 0) => {
    const i = (y * SIZE.z + z) * SIZE.x + x;
    ids[i] = id;
    data[i] = d;
  };
  for (let y = 0; y < SIZE.y; y += 8)
    for (let bz = 0; bz < SIZE.z; bz += 8)
      for (let bx = 0; bx < SIZE.x; bx += 8) {
        for (let x = 0; x < 8; x++) for (let z = 0; z < 8; z++) set(bx + x, y, bz + z, 1);
        for (let x = 1; x < 7; x++) {
          set(bx + x, y + 1, bz + 1, 85); // fence
          set(bx + x, y + 1, bz + 6, 139); // cobblestone wall
          set(bx + x, y + 2, bz + 6, x % 2 ? 44 : 0); // stone slabs on some of the wall
          set(bx + x, y + 5, bz + 1, 53, 2); // oak stairs, roof
          set(bx + x, y + 5, bz + 6, 53, 3);
        }
        for (let z = 2; z < 6; z++) {
          set(bx + 1, y + 2, bz + z, 102); // glass pane
          set(bx + 3, y + 1, bz + z, 55); // redstone wire
          set(bx + 5, y + 1, bz + z, 25); // note block
          set(bx + 1, y + 5, bz + z, 53, 0);
          set(bx + 6, y + 5, bz + z, 53, 1);
        }
      }
  return gzipSync(
    nbt.writeUncompressed({
      type: 'compound',
      name: 'Schematic',
      value: {
        Width: nbt.short(SIZE.x),
        Height: nbt.short(SIZE.y),
        Length: nbt.short(SIZE.z),
        Materials: nbt.string('Alpha'),
        Blocks: nbt.byteArray(ids.map((b) => (b << 24) >> 24)),
        Data: nbt.byteArray(data),
        Entities: nbt.list(nbt.comp([] as never[])),
        TileEntities: nbt.list(nbt.comp([] as never[])),
      },
    } as never),
  );
}

export async function measureStructureUpgrade(record: (name: string, value: string) => void): Promise<void> {
  const bytes = townSchematic();
  const target = upgradeTargetOf('1.21.4');
  const times: number[] = [];
  let changed = 0;
  const runs = 7;
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now();
    const plan = decodeStructure(bytes, '.schematic', 'town.schematic', 'town');
    const { report } = upgradeStructure(plan, target);
    times.push(performance.now() - t0);
    changed = report.changes.reduce((n, c) => n + c.blocks, 0);
  }
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const held = upgradeStructure(decodeStructure(bytes, '.schematic', 'town.schematic', 'town'), target);
  globalThis.gc?.();
  const heldMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  const sorted = [...times].sort((a, b) => a - b);
  const name = `read + upgrade a 131,072-block MCEdit .schematic (${(bytes.length / 1024).toFixed(0)} KiB gzip)`;
  record(
    name,
    `median ${sorted[runs >> 1]!.toFixed(0)} ms, slowest ${sorted[runs - 1]!.toFixed(0)} ms over ${runs} runs; ` +
      `${changed} block changes counted; the result holds ${heldMb.toFixed(1)} MB of heap` +
      (held.structure.blocks.length === SIZE.x * SIZE.y * SIZE.z ? '' : ' (size mismatch!)'),
  );
}

/**
 * `playsound <sound> [source [targets [pos [volume [pitch [minVolume]]]]]]` as vanilla 1.21.4
 * (server/commands/PlaySoundCommand.java): a sound_effect packet (the sound named inline, as
 * Holder.direct sends it) to each player within range (16 blocks, or 16 × volume above 1; minVolume > 0
 * plays it 2 blocks away instead); commands.playsound.success.single|multiple, or the thrown
 * commands.playsound.failed when nobody is in range.
 */
import { createRequire } from 'node:module';
import { readResourceLocation } from '../brigadier.js';
import { readFloat } from '../command-arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, expectArgument, expectEnd } from '../context.js';
import { playerDisplayName } from '../display.js';
import type { FlyingSquidPlayer } from '../flying-squid-types.js';
import { CommandSyntaxError, type StringReader } from '../reader.js';
import { readPlayers } from '../targets.js';
import type { Vec } from '../entities.js';
import { readVec3 } from '../vec3-argument.js';

const require = createRequire(import.meta.url);

const SOURCES = [
  'master',
  'music',
  'record',
  'weather',
  'block',
  'hostile',
  'neutral',
  'player',
  'ambient',
  'voice',
];

/** FloatArgumentType with bounds: argument.float.low / .big [bound, found] at the number */
export function readBoundedFloat(reader: StringReader, min: number, max = Infinity): number {
  const start = reader.cursor;
  const value = readFloat(reader);
  if (value < min || value > max) {
    reader.cursor = start;
    throw reader.fail(value < min ? 'argument.float.low' : 'argument.float.big', [
      value < min ? min : max,
      value,
    ]);
  }
  return value;
}

const serializers = new Map<string, { createPacketBuffer(packet: unknown): Buffer }>();

/**
 * sound_effect with the sound named inline (vanilla's Holder.direct). minecraft-protocol 1.68's
 * registryEntryHolder writer skips the 0 that marks an inline entry (leaving whatever byte the buffer held),
 * so the packet is serialized here and that byte set before it is sent.
 */
function writeInlineSound(player: FlyingSquidPlayer, version: string, params: Record<string, unknown>): void {
  let serializer = serializers.get(version);
  if (!serializer) {
    const { createSerializer } = require('minecraft-protocol') as {
      createSerializer(o: object): { createPacketBuffer(packet: unknown): Buffer };
    };
    serializer = createSerializer({ state: 'play', isServer: true, version });
    serializers.set(version, serializer);
  }
  const buffer = serializer.createPacketBuffer({ name: 'sound_effect', params });
  let idLength = 1;
  while ((buffer[idLength - 1]! & 0x80) !== 0) idLength++;
  buffer[idLength] = 0;
  (player._client as unknown as { writeRaw(b: Buffer): void }).writeRaw(buffer);
}

export async function playsound(ctx: CommandContext): Promise<void> {
  const { reader, pose } = ctx;
  expectArgument(reader);
  const sound = readResourceLocation(reader);
  let source = 'master';
  let targets = (): FlyingSquidPlayer[] => [ctx.player];
  let pos: Vec = { x: pose.x, y: pose.y, z: pose.z };
  const nums = [1, 1, 0];
  if (reader.canRead()) {
    expectArgument(reader);
    const start = reader.cursor;
    source = reader.readUnquoted();
    if (!SOURCES.includes(source)) {
      reader.cursor = start;
      throw reader.fail('command.unknown.argument');
    }
    if (reader.canRead()) {
      expectArgument(reader);
      const read = readPlayers(ctx);
      targets = () => read.resolve();
      if (reader.canRead()) {
        expectArgument(reader);
        pos = readVec3(reader, pose);
        const bounds: Array<[number, number]> = [
          [0, Infinity],
          [0, 2],
          [0, 1],
        ];
        for (let i = 0; i < 3 && reader.canRead(); i++) {
          expectArgument(reader);
          nums[i] = readBoundedFloat(reader, bounds[i]![0], bounds[i]![1]);
        }
      }
    }
  }
  expectEnd(reader);
  const [volume, pitch, minVolume] = nums as [number, number, number];
  const players = targets();
  const range = volume > 1 ? 16 * volume : 16;
  const seed = BigInt.asIntN(64, BigInt(Math.floor(Math.random() * 2 ** 53)));
  let reached = 0;
  for (const p of players) {
    const d = { x: pos.x - p.position.x, y: pos.y - p.position.y, z: pos.z - p.position.z };
    const dist = Math.hypot(d.x, d.y, d.z);
    let at = pos;
    let vol = volume;
    if (dist * dist > range * range) {
      if (minVolume <= 0) continue;
      at = {
        x: p.position.x + (d.x / dist) * 2,
        y: p.position.y + (d.y / dist) * 2,
        z: p.position.z + (d.z / dist) * 2,
      };
      vol = minVolume;
    }
    writeInlineSound(p, ctx.level.version, {
      sound: { data: { soundName: sound, fixedRange: undefined } },
      soundCategory: source,
      x: Math.floor(at.x * 8),
      y: Math.floor(at.y * 8),
      z: Math.floor(at.z * 8),
      volume: vol,
      pitch,
      seed,
    });
    reached++;
  }
  if (reached === 0) throw new CommandSyntaxError('commands.playsound.failed');
  const [only] = players;
  ctx.success(
    players.length === 1 && only
      ? translate('commands.playsound.success.single', [sound, playerDisplayName(ctx, only)])
      : translate('commands.playsound.success.multiple', [sound, players.length]),
  );
}

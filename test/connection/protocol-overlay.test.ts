/**
 * The bot's 26.2 overlay against what others established of 26.2: minecraft-data's unreleased work
 * (PrismarineJS/minecraft-data branch `pc_26_2` at 4dd8762a, and pull request #1211 at 8385febf, both
 * `data/pc/26.2/protocol.json`) and the decompiled 26.3 client (0khs/minecraft_source_26.3). Only small facts
 * are written down here, each with where it was read; a wrong overlay (a field missing or misplaced, a
 * packet id moved) fails. docs/protocol-26.2.md explains the facts and where the sources disagree.
 */
import minecraftData from 'minecraft-data';
import mc from 'minecraft-protocol';
import { describe, expect, test } from 'vitest';
import { OVERLAY_VERSIONS, overlayFor } from '../../src/connection/protocol-overlay.js';
import { botVersionRange } from '../../src/connection/server-version.js';

interface Field {
  name?: string;
  anon?: boolean;
  type: string | [string, unknown];
}
type Protocol = Record<string, Record<string, { types: Record<string, [string, Field[]] | string> }>>;

/** Both pc_26_2 and #1211: login success ends with `sessionId` (UUID). */
const LOGIN_SUCCESS = [
  ['uuid', 'UUID'],
  ['username', 'string'],
  ['properties', 'array'],
  ['sessionId', 'UUID'],
];
/** Both pc_26_2 and #1211, and 26.3's ClientboundLoginPacket: `onlineMode` (bool) before enforcesSecureChat. */
const PLAY_LOGIN = [
  'entityId',
  'isHardcore',
  'worldNames',
  'maxPlayers',
  'viewDistance',
  'simulationDistance',
  'reducedDebugInfo',
  'enableRespawnScreen',
  'doLimitedCrafting',
  'worldState',
  'onlineMode',
  'enforcesSecureChat',
];
/**
 * Packet ids of the packets the bot lives on, the same in pc_26_2 and #1211 (and 26.1): neither moved a
 * login, configuration or clientbound play packet.
 */
const PACKET_IDS: Record<string, Record<string, Record<string, string>>> = {
  login: { toClient: { disconnect: '0x00', encryption_begin: '0x01', success: '0x02', compress: '0x03' } },
  play: {
    toClient: {
      bundle_delimiter: '0x00',
      declare_commands: '0x10',
      kick_disconnect: '0x20',
      keep_alive: '0x2c',
      map_chunk: '0x2d',
      login: '0x31',
      player_chat: '0x41',
      position: '0x48',
      respawn: '0x52',
      update_health: '0x68',
      teams: '0x6d',
      start_configuration: '0x76',
      system_chat: '0x79',
    },
    toServer: {
      teleport_confirm: '0x00',
      chat_command: '0x07',
      chunk_batch_received: '0x0b',
      tick_end: '0x0d',
      settings: '0x0e',
      configuration_acknowledged: '0x10',
      keep_alive: '0x1c',
      position_look: '0x1f',
      player_loaded: '0x2c',
    },
  },
};
/**
 * #1211 and 26.3's ClientboundSetPlayerTeamPacket.Parameters (pc_26_2 keeps 26.1's order): display name,
 * prefix, suffix, name tag visibility, collision rule, optional colour, options byte.
 */
const TEAM_PARAMETERS = [
  'anonymousNbt',
  'anonymousNbt',
  'anonymousNbt',
  'mapper',
  'mapper',
  JSON.stringify(['option', 'varint']),
  'bitflags',
];

const kind = (f: Field) => (typeof f.type === 'string' ? f.type : f.type[0]);
const protocolOf = (version: string) =>
  (minecraftData(version) as unknown as { protocol: Protocol }).protocol;
const fields = (p: Protocol, state: string, direction: string, packet: string) =>
  (p[state]![direction]!.types[`packet_${packet}`] as [string, Field[]])[1];
const idOf = (p: Protocol, state: string, direction: string, name: string) => {
  const mapper = (
    p[state]![direction]!.types['packet'] as unknown as [
      string,
      [{ type: [string, { mappings: Record<string, string> }] }],
    ]
  )[1][0].type[1].mappings;
  return Object.keys(mapper).find((id) => mapper[id] === name);
};

describe('26.2 (protocol 776) through the overlay', () => {
  const overlay = overlayFor('26.2')!;
  const p = protocolOf('26.2');
  const base = protocolOf('26.1');

  test('is registered in minecraft-data as 776, on 26.1 data, and the bot range ends there', () => {
    expect(OVERLAY_VERSIONS.map((o) => [o.minecraftVersion, o.protocol, o.base])).toEqual([
      ['26.2', 776, '26.1'],
    ]);
    const data = minecraftData('26.2') as unknown as {
      version: { version: number; minecraftVersion: string };
    };
    expect(data.version).toMatchObject({ version: 776, minecraftVersion: '26.2' });
    expect(botVersionRange().latest).toEqual({ name: '26.2', protocol: 776 });
    // the overlay changes a copy: 26.1 itself is untouched
    expect(fields(base, 'play', 'toClient', 'login').map((f) => f.name)).not.toContain('onlineMode');
  });

  test("login success and play login have minecraft-data's 26.2 fields", () => {
    expect(fields(p, 'login', 'toClient', 'success').map((f) => [f.name, kind(f)])).toEqual(LOGIN_SUCCESS);
    expect(fields(p, 'play', 'toClient', 'login').map((f) => f.name)).toEqual(PLAY_LOGIN);
    expect(fields(p, 'play', 'toClient', 'login').find((f) => f.name === 'onlineMode')?.type).toBe('bool');
  });

  test("the bot's packets keep minecraft-data's 26.2 ids", () => {
    for (const [state, directions] of Object.entries(PACKET_IDS))
      for (const [direction, ids] of Object.entries(directions))
        for (const [name, id] of Object.entries(ids))
          expect([name, idOf(p, state, direction, name)]).toEqual([name, id]);
  });

  test('team parameters come in the order 26.3 writes them', () => {
    const modes = (
      fields(p, 'play', 'toClient', 'teams').find((f) => f.anon)!.type as [
        string,
        { fields: Record<string, [string, Field[]]> },
      ]
    )[1].fields;
    for (const mode of ['add', 'change'])
      expect(modes[mode]![1].map((f) => (kind(f) === 'option' ? JSON.stringify(f.type) : kind(f)))).toEqual(
        TEAM_PARAMETERS,
      );
  });

  test('on the wire: play login is one byte (onlineMode) longer than 26.1, login success 16 (sessionId)', () => {
    const roundTrip = (version: string, state: mc.States, name: string, params: Record<string, unknown>) => {
      const bytes = mc
        .createSerializer({ state, isServer: true, version, customPackets: {} })
        .createPacketBuffer({
          name,
          params,
        }) as Buffer;
      const parsed = mc
        .createDeserializer({ state, isServer: false, version, customPackets: {} })
        .parsePacketBuffer(bytes) as {
        data: { params: Record<string, unknown> };
      };
      return { length: bytes.length, params: parsed.data.params };
    };
    const success = { uuid: '00000000-0000-4000-8000-000000000001', username: 'v', properties: [] };
    const sessionId = '00000000-0000-4000-8000-000000000262';
    const at262 = roundTrip('26.2', mc.states.LOGIN, 'success', { ...success, sessionId });
    expect(at262.params['sessionId']).toBe(sessionId);
    expect(at262.length - roundTrip('26.1', mc.states.LOGIN, 'success', success).length).toBe(16);

    const login = (minecraftData('26.1') as unknown as { loginPacket: Record<string, unknown> }).loginPacket;
    const play262 = roundTrip('26.2', mc.states.PLAY, 'login', { ...login, onlineMode: true });
    expect(play262.params['onlineMode']).toBe(true);
    expect(play262.length - roundTrip('26.1', mc.states.PLAY, 'login', login).length).toBe(1);
  });

  test('block reads are off, and say so', () => {
    expect(overlay.blockReadsOff).toMatch(
      /^block reads \(verification, undo, renders\) are off for Minecraft 26\.2: /,
    );
  });
});

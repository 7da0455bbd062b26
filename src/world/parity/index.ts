/**
 * The vanilla-parity plugin: makes the embedded flying-squid world answer the commands room building uses
 * the way a vanilla 1.21.4 server does (see docs/parity.md for the table).
 */
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { SourcePose } from './arguments.js';
import { installBiomes } from './biome-storage.js';
import { attachAwaitingTeleport } from './awaiting-teleport.js';
import { corkWritesPerTurn } from './corked-writes.js';
import { writeLightAsBytes } from './light-bytes.js';
import { BlockStates } from './block-states.js';
import { type ChunkMap, installChunkMap } from './chunk-map.js';
import { clear } from './commands/clear.js';
import { clone } from './commands/clone.js';
import { data } from './commands/data.js';
import { difficulty } from './commands/difficulty.js';
import { effect } from './commands/effect.js';
import { HANDLERS, execute } from './commands/execute.js';
import { fill } from './commands/fill.js';
import { fillbiome } from './commands/fillbiome.js';
import { gamemode } from './commands/gamemode.js';
import { gamerule } from './commands/gamerule.js';
import { give } from './commands/give.js';
import { attachSignEditing } from './block-entities-signs.js';
import { attachEquipment } from './commands/item-equipment.js';
import { item } from './commands/item.js';
import { kill } from './commands/kill.js';
import { list } from './commands/list.js';
import { msg } from './commands/msg.js';
import { particle } from './commands/particle.js';
import { place } from './commands/place.js';
import { playsound } from './commands/playsound.js';
import { me, say } from './commands/say.js';
import { seed } from './commands/seed.js';
import { setblock } from './commands/setblock.js';
import { setworldspawn } from './commands/setworldspawn.js';
import { spawnpoint } from './commands/spawnpoint.js';
import { summon } from './commands/summon.js';
import { teleport, tp } from './commands/teleport.js';
import { tellraw } from './commands/tellraw.js';
import { time } from './commands/time.js';
import { title } from './commands/title.js';
import { weather } from './commands/weather.js';
import type { CommandHandler } from './context.js';
import { PlayerDispatcher, sendSystem } from './dispatch.js';
import { installEntityStore } from './entities.js';
import { handleRespawn } from './respawn.js';
import type { FlyingSquidPlayer, FlyingSquidServer } from './flying-squid-types.js';
import { Gamerules } from './gamerules.js';
import { LevelState } from './level-state.js';
import { WorldAccess } from './world-access.js';
import type { TemplateSource } from '../templates.js';

const require = createRequire(import.meta.url);

export const PARITY_COMMANDS: Record<string, CommandHandler> = {
  setblock,
  fill,
  clone,
  tellraw,
  gamerule,
  // the everyday commands (branch parity-commands)
  time,
  weather,
  difficulty,
  seed,
  list,
  setworldspawn,
  say,
  me,
  msg,
  tell: msg,
  w: msg,
  gamemode,
  title,
  give,
  clear,
  effect,
  spawnpoint,
  particle,
  playsound,
  place,
  // parity-entities
  summon,
  kill,
  teleport,
  tp,
  execute,
  data,
  fillbiome,
  item,
};
// `execute … run <command>` runs any command of this table
HANDLERS.current = PARITY_COMMANDS;

export interface ParityOptions {
  version: string;
  viewDistance: number;
  log(message: string): void;
  /** what `place template` places */
  templates: TemplateSource;
}

function loadBlockTags(version: string): Record<string, string[]> {
  const login = require('flying-squid/src/lib/plugins/loginTags.json') as {
    tags: Array<{ tagType: string; tags: Array<{ tagName: string; entries: number[] }> }>;
  };
  const blockTags = login.tags.find((t) => t.tagType === 'minecraft:block')?.tags ?? [];
  const mcData = require('minecraft-data')(version) as {
    blocks: Record<number, { name: string } | undefined>;
  };
  return Object.fromEntries(
    blockTags.map((t) => [
      t.tagName.replace(/^minecraft:/, ''),
      t.entries.map((id) => mcData.blocks[id]?.name ?? ''),
    ]),
  );
}

export function installParity(
  serv: FlyingSquidServer,
  options: ParityOptions,
): { gamerules: Gamerules; chunks: ChunkMap } {
  const states = new BlockStates(options.version);
  const gamerules = new Gamerules();
  const level = new LevelState(serv, gamerules);
  // chunks are streamed and held as vanilla's ChunkMap does (chunk-map.ts), not as flying-squid does
  const chunks = installChunkMap(serv, options.viewDistance);
  const world = new WorldAccess(serv, serv.overworld, chunks, states);
  const entities = installEntityStore(serv, options.version);
  // one biome registry for chunks, clients and fillbiome (biomes.ts says why)
  installBiomes(serv, options.version, chunks);
  const deps = {
    serv,
    states,
    world,
    gamerules,
    level,
    blockTags: loadBlockTags(options.version),
    handlers: PARITY_COMMANDS,
    templates: options.templates,
    log: options.log,
    pose: (player: FlyingSquidPlayer): SourcePose => {
      const { yaw, pitch } = entities.playerTarget(player);
      return { x: player.position.x, y: player.position.y, z: player.position.z, yaw, pitch };
    },
  };

  // vanilla announces arrivals and departures with translate keys, not flying-squid's `&e… joined the game.`
  const broadcast = serv.broadcast.bind(serv);
  serv.broadcast = (message, options) => {
    const match = typeof message === 'string' ? /^&e(\S+) (joined|left) the game\.$/.exec(message) : null;
    if (!match) return broadcast(message, options);
    const key = match[2] === 'joined' ? 'multiplayer.player.joined' : 'multiplayer.player.left';
    for (const player of serv.players)
      sendSystem(player, { translate: key, with: [match[1]!], color: 'yellow' });
  };

  // flying-squid makes players with no entity type, which 1.20.2+'s spawn_entity (players' too) writes as 0:
  // the registry's first entity, acacia_boat in 1.21.4, so other clients saw a boat where a player stood
  const playerType = (serv as unknown as { registry: { entitiesByName: Record<string, { id: number }> } })
    .registry.entitiesByName['player']?.id;
  serv.on('newPlayer', (player: FlyingSquidPlayer) => {
    if (playerType !== undefined)
      (player as FlyingSquidPlayer & { entityType?: number }).entityType = playerType;
    const dispatcher = new PlayerDispatcher(deps, player);
    const client = player._client;
    // answers to what one read of the socket brought leave in one write (corked-writes.ts)
    corkWritesPerTurn((client as unknown as { socket?: Socket }).socket);
    chunks.attach(player);
    // chunk packets' light goes out as bytes (light-bytes.ts)
    writeLightAsBytes(client as unknown as Parameters<typeof writeLightAsBytes>[0]);
    // a teleport waits for the client to accept it before movement counts again
    attachAwaitingTeleport(serv, player);
    // chunk packets carry the block entities (signs' text) like vanilla's
    world.blockEntities.attach(player);
    attachSignEditing(world.blockEntities, player);
    // and spawned entities their equipment (item replace entity)
    attachEquipment(serv, player, options.version);
    // replace flying-squid's handlers: they run commands concurrently and lose vanilla's ordering
    client.removeAllListeners('chat_command');
    client.removeAllListeners('chat_command_signed');
    client.on('chat_command', (data: { command: string }) => dispatcher.enqueue(data.command));
    client.on('chat_command_signed', (data: { command: string }) => dispatcher.enqueue(data.command));
    // raw look angles in degrees (flying-squid keeps only a byte), for ^ coordinates and selectors
    entities.trackLooks(player);
    player.once('spawned', () => level.welcome(player));
    // kill can leave a player dead: answer 1.21.4's respawn request (flying-squid's packet does not fit)
    handleRespawn(serv, player);
  });
  return { gamerules, chunks };
}

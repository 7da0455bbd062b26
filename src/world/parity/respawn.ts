/**
 * Respawning after `kill`: flying-squid compares the 1.21.4 request (`perform_respawn`) with 0 and its
 * respawn packet does not fit 1.21.4 (the fields moved into `worldState`), so a dead client stayed dead. This answers the client's respawn request the
 * way vanilla does: a respawn packet for the overworld, full health, the player back at its spawn point
 * (a teleport the client must accept) and every chunk around it sent again.
 */
import { teleportPlayer } from './awaiting-teleport.js';
import { chunkMap } from './chunk-map.js';
import type { FlyingSquidPlayer, FlyingSquidServer } from './flying-squid-types.js';

const GAME_MODES = ['survival', 'creative', 'adventure', 'spectator'];

interface RespawningPlayer {
  health: number;
  gameMode: number;
  spawnPoint?: { x: number; y: number; z: number };
  nearbyEntities: unknown[];
  updateHealth(h: number): void;
  updateAndSpawn(): void;
}

export function handleRespawn(serv: FlyingSquidServer, player: FlyingSquidPlayer): void {
  const client = player._client;
  const p = player as unknown as RespawningPlayer;
  const squid = serv as unknown as {
    registry: { loginPacket?: { worldState?: object } };
    hashedSeed: unknown;
  };
  client.removeAllListeners('client_command');
  client.on('client_command', (data: { actionId?: number | string }) => {
    // "perform_respawn" (0); only a dead player respawns
    if ((data.actionId !== 'perform_respawn' && data.actionId !== 0) || p.health > 0) return;
    client.write('respawn', {
      worldState: {
        ...squid.registry.loginPacket?.worldState,
        hashedSeed: squid.hashedSeed,
        gamemode: GAME_MODES[p.gameMode] ?? 'survival',
        previousGamemode: 255,
      },
      copyMetadata: 0,
    });
    const spawn = p.spawnPoint ?? player.position;
    teleportPlayer(serv, player, spawn, 0, 0);
    // the respawn packet emptied the client's chunks: it gets those around its spawn point again
    chunkMap(serv).resend(player);
    p.updateHealth(20);
    p.nearbyEntities = [];
    p.updateAndSpawn();
  });
}

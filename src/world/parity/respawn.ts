/**
 * Respawning after `kill`: flying-squid compares the 1.21.4 request (`perform_respawn`) with 0 and its
 * respawn packet does not fit 1.21.4 (the fields moved into `worldState`), so a dead client stayed dead. This answers the client's respawn request the
 * way vanilla does: a respawn packet for the overworld, full health, the player back at its spawn point.
 */
import { createRequire } from 'node:module';
import type { FlyingSquidPlayer, FlyingSquidServer } from './flying-squid-types.js';

const require = createRequire(import.meta.url);
const { Vec3 } = require('vec3') as {
  Vec3: new (x: number, y: number, z: number) => { x: number; y: number; z: number };
};

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
    player.position = new Vec3(spawn.x, spawn.y, spawn.z);
    client.write('position', {
      teleportId: 1,
      x: spawn.x,
      y: spawn.y,
      z: spawn.z,
      dx: 0,
      dy: 0,
      dz: 0,
      yaw: 0,
      pitch: 0,
      flags: {},
    });
    p.updateHealth(20);
    p.nearbyEntities = [];
    p.updateAndSpawn();
  });
}

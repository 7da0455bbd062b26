/**
 * Teleporting a player as vanilla 1.21.4's ServerGamePacketListenerImpl does (teleport,
 * handleAcceptTeleportPacket, handleMovePlayer): the server moves the player, sends a position packet with
 * a new teleport id and ignores the client's movement packets until the client accepts that id
 * (teleport_confirm); a client that keeps moving without accepting is teleported again after 20 ticks.
 * flying-squid takes every movement packet, so a packet the client sent before it saw the teleport put the
 * player back where it stood: its chunks, not the destination's, were then the loaded ones.
 */
import { createRequire } from 'node:module';
import type { FlyingSquidPlayer, FlyingSquidServer } from './flying-squid-types.js';

const require = createRequire(import.meta.url);
const { Vec3 } = require('vec3') as {
  Vec3: new (x: number, y: number, z: number) => { x: number; y: number; z: number };
};

interface Awaiting {
  id: number;
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
  sentAtTick: number;
}

const RESEND_AFTER_TICKS = 20;
const awaiting = new WeakMap<FlyingSquidPlayer, Awaiting>();
// flying-squid sends its own position packets with id 1
let lastTeleportId = 1000;
const nextTeleportId = () => (lastTeleportId = (lastTeleportId + 1) & 0x7fffffff);

function send(player: FlyingSquidPlayer, a: Awaiting): void {
  player._client.write('position', {
    teleportId: a.id,
    x: a.x,
    y: a.y,
    z: a.z,
    dx: 0,
    dy: 0,
    dz: 0,
    yaw: a.yaw,
    pitch: a.pitch,
    // absolute values: no relative flags
    flags: {},
  });
}

const tickOf = (serv: FlyingSquidServer) => (serv as unknown as { tickCount?: number }).tickCount ?? 0;

/** Moves the player on the server now and tells its client, whose movement is ignored until it accepts. */
export function teleportPlayer(
  serv: FlyingSquidServer,
  player: FlyingSquidPlayer,
  pos: { x: number; y: number; z: number },
  yaw: number,
  pitch: number,
): void {
  player.position = new Vec3(pos.x, pos.y, pos.z);
  const a = { id: nextTeleportId(), ...pos, yaw, pitch, sentAtTick: tickOf(serv) };
  awaiting.set(player, a);
  send(player, a);
}

/** Hooks the player's teleport_confirm and movement packets. */
export function attachAwaitingTeleport(serv: FlyingSquidServer, player: FlyingSquidPlayer): void {
  player._client.on('teleport_confirm', (packet: { teleportId: number }) => {
    if (awaiting.get(player)?.id === packet.teleportId) awaiting.delete(player);
  });
  // flying-squid runs every movement packet through its `move` behaviour; cancelling it without the cancel
  // callback (which would resend flying-squid's own position) leaves the player where the teleport put it
  player.on('move_cancel', (data: { teleport?: boolean }, cancel: (runOnCancel: boolean) => void) => {
    const a = awaiting.get(player);
    if (!a || data.teleport) return;
    if (tickOf(serv) - a.sentAtTick > RESEND_AFTER_TICKS) {
      // vanilla teleports again, with a new id
      a.sentAtTick = tickOf(serv);
      a.id = nextTeleportId();
      send(player, a);
    }
    cancel(false);
  });
}

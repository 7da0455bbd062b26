/**
 * The level's clock, weather, difficulty and world spawn, kept and sent to clients as vanilla 1.21.4 does
 * (server/level/ServerLevel.java tickTime/advanceWeatherCycle, MinecraftServer.tickChildren's time sync
 * every 20 ticks, PlayerList.sendLevelInfo on join). Replaces flying-squid's day cycle, which wraps the
 * day time at 24000 and sends `age` 0.
 */
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import type { FlyingSquidPlayer, FlyingSquidServer } from './flying-squid-types.js';
import type { Gamerules } from './gamerules.js';

export const DIFFICULTIES = ['peaceful', 'easy', 'normal', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

// ServerLevel's weather durations in ticks (UniformInt ranges, inclusive)
export const RAIN_DELAY = [12000, 180000] as const;
export const RAIN_DURATION = [12000, 24000] as const;
const THUNDER_DELAY = [12000, 180000] as const;
export const THUNDER_DURATION = [3600, 15600] as const;

export const sample = ([min, max]: readonly [number, number]) =>
  min + Math.floor(Math.random() * (max - min + 1));

/** game_state_change reasons (ClientboundGameEventPacket) */
const START_RAINING = 1;
const STOP_RAINING = 2;
const RAIN_LEVEL = 7;
const THUNDER_LEVEL = 8;

interface Squid extends FlyingSquidServer {
  doDaylightCycle?: boolean;
  difficulty?: number;
  getSpawnPoint?: (world: unknown) => Promise<BlockPos>;
  _server?: {
    options?: { generation?: { options?: { seed?: number } }; 'max-players'?: number; version?: string };
  };
}

export class LevelState {
  gameTime = 0;
  dayTime = 0;
  clearTime = 0;
  rainTime = 0;
  thunderTime = 0;
  raining = false;
  thundering = false;
  private rainLevel = 0;
  private thunderLevel = 0;
  spawn: { pos: BlockPos; angle: number } | undefined;

  constructor(
    private readonly serv: Squid,
    private readonly gamerules: Gamerules,
  ) {
    // flying-squid's own cycle would fight ours
    serv.doDaylightCycle = false;
    serv.on('tick', () => this.tick());
    const pickSpawn = serv.getSpawnPoint?.bind(serv);
    serv.getSpawnPoint = async (world) => this.spawn?.pos ?? (await pickSpawn!(world));
  }

  get seed(): number {
    return this.serv._server?.options?.generation?.options?.seed ?? 0;
  }
  /** the protocol version the world serves, e.g. 1.21.4 */
  get version(): string {
    return this.serv._server?.options?.version ?? '1.21.4';
  }
  get maxPlayers(): number {
    return this.serv._server?.options?.['max-players'] ?? 20;
  }
  get difficulty(): Difficulty {
    return DIFFICULTIES[this.serv.difficulty ?? 0] ?? 'peaceful';
  }
  set difficulty(value: Difficulty) {
    this.serv.difficulty = DIFFICULTIES.indexOf(value);
    for (const player of this.serv.players)
      player._client.write('difficulty', { difficulty: this.serv.difficulty, difficultyLocked: false });
  }

  setDayTime(value: number): void {
    this.dayTime = value;
    for (const player of this.serv.players) this.sendTime(player);
  }

  /** ServerLevel.setWeatherParameters */
  setWeather(clearTime: number, rainTime: number, raining: boolean, thundering: boolean): void {
    this.clearTime = clearTime;
    this.rainTime = rainTime;
    this.thunderTime = rainTime;
    this.raining = raining;
    this.thundering = thundering;
  }

  setSpawn(pos: BlockPos, angle: number): void {
    this.spawn = { pos, angle };
    for (const player of this.serv.players) this.sendSpawn(player);
  }

  /** what vanilla sends a player joining: spawn, time and (if it rains) the weather */
  welcome(player: FlyingSquidPlayer): void {
    if (this.spawn) this.sendSpawn(player);
    this.sendTime(player);
    if (this.rainLevel > 0.2) {
      const write = (reason: number, value: number) =>
        player._client.write('game_state_change', { reason, gameMode: value });
      write(START_RAINING, 0);
      write(RAIN_LEVEL, this.rainLevel);
      write(THUNDER_LEVEL, this.thunderLevel);
    }
  }

  private sendSpawn(player: FlyingSquidPlayer): void {
    if (this.spawn)
      player._client.write('spawn_position', { location: this.spawn.pos, angle: this.spawn.angle });
  }

  private sendTime(player: FlyingSquidPlayer): void {
    player._client.write('update_time', {
      age: BigInt(this.gameTime),
      time: BigInt(this.dayTime),
      tickDayTime: this.gamerules.get('doDaylightCycle') !== false,
    });
  }

  private tick(): void {
    this.advanceWeather();
    this.gameTime++;
    if (this.gamerules.get('doDaylightCycle') !== false) this.dayTime++;
    if (this.gameTime % 20 === 0) for (const player of this.serv.players) this.sendTime(player);
  }

  private advanceWeather(): void {
    const wasRaining = this.rainLevel > 0.2;
    if (this.gamerules.get('doWeatherCycle') !== false) this.cycleWeather();
    const oldRain = this.rainLevel;
    const oldThunder = this.thunderLevel;
    const step = (level: number, up: boolean) =>
      Math.min(1, Math.max(0, Math.fround(level + (up ? 0.01 : -0.01))));
    this.thunderLevel = step(this.thunderLevel, this.thundering);
    this.rainLevel = step(this.rainLevel, this.raining);
    const broadcast = (reason: number, value: number) => {
      for (const player of this.serv.players)
        player._client.write('game_state_change', { reason, gameMode: value });
    };
    if (oldRain !== this.rainLevel) broadcast(RAIN_LEVEL, this.rainLevel);
    if (oldThunder !== this.thunderLevel) broadcast(THUNDER_LEVEL, this.thunderLevel);
    const isRaining = this.rainLevel > 0.2;
    if (wasRaining !== isRaining) {
      broadcast(wasRaining ? STOP_RAINING : START_RAINING, 0);
      broadcast(RAIN_LEVEL, this.rainLevel);
      broadcast(THUNDER_LEVEL, this.thunderLevel);
    }
  }

  /** the natural weather cycle: a clear spell, then rain and thunder toggling on their own timers */
  private cycleWeather(): void {
    if (this.clearTime > 0) {
      this.clearTime--;
      this.thunderTime = this.thundering ? 0 : 1;
      this.rainTime = this.raining ? 0 : 1;
      this.thundering = false;
      this.raining = false;
      return;
    }
    if (this.thunderTime > 0) {
      if (--this.thunderTime === 0) this.thundering = !this.thundering;
    } else this.thunderTime = sample(this.thundering ? THUNDER_DURATION : THUNDER_DELAY);
    if (this.rainTime > 0) {
      if (--this.rainTime === 0) this.raining = !this.raining;
    } else this.rainTime = sample(this.raining ? RAIN_DURATION : RAIN_DELAY);
  }
}

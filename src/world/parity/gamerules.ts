/** The gamerules the embedded world knows, with vanilla 1.21.4 names and defaults. */
export type GameruleValue = boolean | number;

const DEFAULTS: Record<string, GameruleValue> = {
  sendCommandFeedback: true,
  commandModificationBlockLimit: 32768,
  logAdminCommands: true,
  commandBlockOutput: true,
  doDaylightCycle: true,
  doWeatherCycle: true,
  doMobSpawning: true,
  doTileDrops: true,
  keepInventory: false,
  mobGriefing: true,
  randomTickSpeed: 3,
  spawnRadius: 10,
  maxCommandChainLength: 65536,
};

/** vanilla's lower bounds for integer rules */
const INT_MIN: Record<string, number> = {
  commandModificationBlockLimit: 1,
  maxCommandChainLength: 0,
  spawnRadius: 0,
};

export class Gamerules {
  private readonly values = new Map<string, GameruleValue>(Object.entries(DEFAULTS));

  names(): string[] {
    return [...this.values.keys()];
  }
  has(name: string): boolean {
    return this.values.has(name);
  }
  get(name: string): GameruleValue | undefined {
    return this.values.get(name);
  }
  set(name: string, value: GameruleValue): void {
    this.values.set(name, value);
  }
  isBoolean(name: string): boolean {
    return typeof DEFAULTS[name] === 'boolean';
  }
  minimum(name: string): number {
    return INT_MIN[name] ?? Number.MIN_SAFE_INTEGER;
  }
  get feedback(): boolean {
    return this.values.get('sendCommandFeedback') !== false;
  }
  get blockLimit(): number {
    return Number(this.values.get('commandModificationBlockLimit'));
  }
}

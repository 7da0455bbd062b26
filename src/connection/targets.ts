/** The named connections of one companion, and which one is used when a call names none. */
import { echo, McbridgeError } from '../vocabulary/errors.js';
import type { ConnectionTarget } from './target.js';

export class UnknownTargetError extends McbridgeError {
  override name = 'UnknownTargetError' as const;
}

export class Targets {
  private readonly byName = new Map<string, ConnectionTarget>();

  constructor(
    targets: ConnectionTarget[],
    readonly defaultName: string = targets[0]?.description.name ?? 'default',
  ) {
    for (const t of targets) this.byName.set(t.description.name, t);
  }

  get(name?: string): ConnectionTarget {
    const key = name ?? this.defaultName;
    const target = this.byName.get(key);
    if (!target) {
      throw new UnknownTargetError(`no connection named "${echo(key)}"`, {
        remedy: `use one of: ${[...this.byName.keys()].join(', ')} (see list_connections)`,
      });
    }
    return target;
  }

  all(): ConnectionTarget[] {
    return [...this.byName.values()];
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled(this.all().map((t) => t.close()));
  }
}

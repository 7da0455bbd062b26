/** Block state ids <-> names and properties, from minecraft-data (the same tables the client uses). */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface StateDef {
  name: string;
  type: 'enum' | 'bool' | 'int' | 'direction';
  num_values: number;
  values?: string[];
}
export interface BlockDef {
  id: number;
  name: string;
  minStateId: number;
  maxStateId: number;
  defaultState: number;
  states?: StateDef[];
}
interface Registry {
  blocksByName: Record<string, BlockDef | undefined>;
  blocksByStateId: Record<number, BlockDef | undefined>;
}

export interface ResolvedState {
  block: BlockDef;
  properties: Record<string, string>;
  stateId: number;
}

// minecraft-data lists boolean values in vanilla's palette order: true first
const valuesOf = (s: StateDef): string[] => s.values ?? (s.type === 'bool' ? ['true', 'false'] : []);

export class BlockStates {
  private readonly registry: Registry;

  constructor(version: string) {
    this.registry = require('minecraft-data')(version) as Registry;
  }

  block(name: string): BlockDef | undefined {
    return this.registry.blocksByName[stripNamespace(name)];
  }

  /** State id of `block` with `properties` over its defaults; throws nothing, returns a reason instead. */
  stateId(
    block: BlockDef,
    properties: Record<string, string>,
  ): number | { unknownProperty: string } | { badValue: string; property: string } {
    const defs = block.states ?? [];
    const current = this.properties(block.defaultState);
    for (const [key, value] of Object.entries(properties)) {
      const def = defs.find((d) => d.name === key);
      if (!def) return { unknownProperty: key };
      if (!valuesOf(def).includes(value)) return { badValue: value, property: key };
      current[key] = value;
    }
    let offset = 0;
    for (const def of defs) {
      const values = valuesOf(def);
      offset = offset * values.length + values.indexOf(current[def.name] ?? '');
    }
    return block.minStateId + offset;
  }

  /** All properties of a state id (empty for blocks without states). */
  properties(stateId: number): Record<string, string> {
    const block = this.registry.blocksByStateId[stateId];
    if (!block) return {};
    const defs = block.states ?? [];
    let rest = stateId - block.minStateId;
    const out: Record<string, string> = {};
    for (let i = defs.length - 1; i >= 0; i--) {
      const def = defs[i]!;
      const values = valuesOf(def);
      out[def.name] = values[rest % values.length] ?? '';
      rest = Math.floor(rest / values.length);
    }
    // keep the declaration order for readability
    return Object.fromEntries(defs.map((d) => [d.name, out[d.name] ?? '']));
  }

  blockOf(stateId: number): BlockDef | undefined {
    return this.registry.blocksByStateId[stateId];
  }

  isAir(stateId: number): boolean {
    const name = this.registry.blocksByStateId[stateId]?.name;
    return name === 'air' || name === 'cave_air' || name === 'void_air';
  }

  get airStateId(): number {
    return this.registry.blocksByName['air']!.minStateId;
  }
}

export const stripNamespace = (name: string): string =>
  name.startsWith('minecraft:') ? name.slice(10) : name;

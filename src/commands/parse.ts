/**
 * The command parser: enough of Brigadier to know what a command touches (which commands it can run,
 * which blocks it writes, where it puts entities, whom its selectors hit). It never throws: a command it
 * cannot read comes back with `ok: false` and `error`, plus whatever was learnt before the error.
 */
import type { ExecutorPosition } from './block-write.js';
import { COMMAND_PARSERS } from './command-parsers.js';
import type { SourceContext } from './coords.js';
import { readExecute } from './execute.js';
import { type Collector, emptyCollector, type ParsedCommand } from './parsed.js';
import { ParseFailure, Reader } from './reader.js';

export type {
  GiveRequest,
  ParsedCommand,
  ParsedSelector,
  ParseError,
  PositionWrite,
  SelectorOption,
  SelectorRole,
  Vec3,
} from './parsed.js';

const PARSERS = new Map(Object.entries(COMMAND_PARSERS));

/** `Minecraft:Fill` → `fill`; other namespaces are kept (`bukkit:op`). */
export function normalizeCommandName(word: string): string {
  const lower = word.toLowerCase();
  return lower.startsWith('minecraft:') ? lower.slice('minecraft:'.length) : lower;
}

function initialContext(executor: ExecutorPosition | undefined): SourceContext {
  const pos = executor && { x: executor.x, y: executor.y, z: executor.z };
  const rot = executor && { yaw: executor.yaw, pitch: executor.pitch };
  const dimension = executor?.dimension;
  return {
    pos,
    rot,
    dimension,
    anchorEyes: false,
    selfIsExecutor: true,
    selfMayHitPlayers: false,
    origin: { pos, rot, dimension },
  };
}

/** Reads the command chain: a root, and for `execute … run` / `return run` the commands they run. */
function readChain(
  r: Reader,
  start: SourceContext,
  out: Collector,
  head: { name: string; args: string },
): void {
  let ctx = start;
  for (;;) {
    const at = r.cursor;
    const word = r.readWord();
    if (word === '') throw r.fail('expected a command name', at);
    const name = normalizeCommandName(word);
    if (out.invokes.length === 0) {
      head.name = name;
      head.args = r.input.slice(r.cursor).replace(/^ +/, '');
    }
    out.invokes.push(name);
    out.effectiveName = name;
    if (name === 'execute') {
      const next = readExecute(r, ctx, out);
      if (!next.run) return;
      ctx = next.ctx;
      continue;
    }
    if (name === 'return') {
      const before = r.cursor;
      if (r.nextArgument() && r.tryLiteral('run')) {
        r.expectArgument('a command after run');
        continue;
      }
      r.cursor = before;
    }
    const parser = PARSERS.get(name);
    if (parser === undefined) {
      out.understood = false;
      r.cursor = r.input.length;
      return;
    }
    parser(r, ctx, out, name);
    return;
  }
}

/**
 * Parses one command (with or without its leading '/'). `executor` is where `~` and `^` are resolved
 * from; without it, relative positions are placeholders and the result says `unresolved: true`.
 */
export function parseCommand(text: string, executor?: ExecutorPosition): ParsedCommand {
  const body = text.startsWith('/') ? text.slice(1) : text;
  const r = new Reader(body);
  const out = emptyCollector();
  const head = { name: '', args: '' };
  let error: ParseFailure | undefined;
  try {
    readChain(r, initialContext(executor), out, head);
  } catch (e) {
    if (!(e instanceof ParseFailure)) throw e;
    error = e;
  }
  const fields = {
    text: body,
    name: head.name,
    args: head.args,
    ...out,
    unresolved: out.unresolvedReasons.length > 0,
  };
  if (error === undefined) return { ...fields, ok: true };
  return { ...fields, ok: false, error: { message: error.message, position: error.position } };
}

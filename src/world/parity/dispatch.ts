/**
 * Command dispatch with vanilla's ordering: one player's commands run strictly in arrival order, and all
 * feedback of command N is sent before command N+1 starts. Parity commands are handled here; any other
 * command answers as vanilla answers one it does not know (command.unknown.command + context line):
 * flying-squid's own commands and their `&c` plain-text replies never reach a player.
 */
import type { ComponentObject, TextComponent } from '../../vocabulary/text/message.js';
import type { SourcePose } from './arguments.js';
import type { BlockStates } from './block-states.js';
import { adminCopy, contextLine, failure, translate } from '../../vocabulary/text/vanilla-shapes.js';
import type { CommandContext, CommandHandler } from './context.js';
import { sourceDisplayName } from './display.js';
import type { FlyingSquidPlayer, FlyingSquidServer } from './flying-squid-types.js';
import type { Gamerules } from './gamerules.js';
import type { LevelState } from './level-state.js';
import { componentToNbt } from './nbt.js';
import { CommandSyntaxError, StringReader } from './reader.js';
import type { WorldAccess } from './world-access.js';
import type { TemplateSource } from '../templates.js';

export interface DispatchDeps {
  serv: FlyingSquidServer;
  states: BlockStates;
  world: WorldAccess;
  gamerules: Gamerules;
  level: LevelState;
  blockTags: Record<string, string[]>;
  handlers: Record<string, CommandHandler>;
  templates: TemplateSource;
  pose(player: FlyingSquidPlayer): SourcePose;
  log(message: string): void;
}

/** A plain literal goes as a bare string tag, as vanilla writes it (Component.tryCollapseToString). */
export function sendSystem(player: FlyingSquidPlayer, message: TextComponent, overlay = false): void {
  const content =
    typeof message === 'string' ? { type: 'string', name: '', value: message } : componentToNbt(message);
  player._client.write('system_chat', { content, isActionBar: overlay });
}

export class PlayerDispatcher {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: DispatchDeps,
    private readonly player: FlyingSquidPlayer,
  ) {}

  /** Queues a command (text without the leading slash). */
  enqueue(command: string): void {
    this.queue = this.queue
      .then(() => this.run(command))
      .catch((err) => this.deps.log(`dispatch: ${String(err)}`));
  }

  private async run(command: string): Promise<void> {
    const { deps, player } = this;
    const root = command.split(' ', 1)[0] ?? '';
    const name = root.startsWith('minecraft:') ? root.slice(10) : root;
    const handler = Object.hasOwn(deps.handlers, name) ? deps.handlers[name] : undefined;
    // vanilla hides commands a player may not use: non-ops see "unknown command", never "no permission"
    if (!handler || (!player.op && (handler.permission ?? 2) > 0))
      return this.syntaxError(command, new CommandSyntaxError('command.unknown.command', [], 0));
    const reader = new StringReader(command);
    reader.cursor = root.length;
    try {
      await handler(this.context(reader));
    } catch (err) {
      if (err instanceof CommandSyntaxError) return this.syntaxError(command, err);
      deps.log(`command ${JSON.stringify(command)} failed: ${(err as Error).stack ?? String(err)}`);
      sendSystem(
        player,
        failure({ translate: 'command.failed', hoverEvent: { action: 'show_text', contents: String(err) } }),
      );
    }
  }

  private context(reader: StringReader): CommandContext {
    const { deps, player } = this;
    return {
      reader,
      player,
      pose: deps.pose(player),
      states: deps.states,
      world: deps.world,
      gamerules: deps.gamerules,
      level: deps.level,
      blockTags: deps.blockTags,
      templates: deps.templates,
      serv: deps.serv,
      // CommandSourceStack.sendSuccess/broadcastToAdmins: the copy to other operators carries the source's
      // display name (the entity under `execute as`) and goes out only while sendCommandFeedback is on;
      // logAdminCommands only decides whether the server log gets it. A method: `this` is the (derived) source.
      success(this: CommandContext, message: ComponentObject, broadcastToAdmins = true) {
        if (!deps.gamerules.feedback) return;
        sendSystem(player, message);
        if (!broadcastToAdmins) return;
        const others = deps.serv.players.filter((other) => other !== player && other.op);
        if (others.length === 0) return;
        const copy = adminCopy(sourceDisplayName(this), message);
        for (const other of others) sendSystem(other, copy);
      },
      fail: (message: ComponentObject) => sendSystem(player, failure(message)),
      sendTo: (target, message) => sendSystem(target, message),
    };
  }

  private syntaxError(command: string, err: CommandSyntaxError): void {
    sendSystem(this.player, failure(translate(err.key, err.args)));
    if (err.cursor !== undefined) sendSystem(this.player, contextLine(command, err.cursor));
  }
}

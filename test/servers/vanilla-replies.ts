/**
 * What a vanilla server answers to the few commands the version tests send, in vanilla's component
 * shapes (followed: net/minecraft/commands/Commands.java performCommand — failures through sendFailure,
 * parse errors plus the context line; server/commands/SetBlockCommand.java, GameRuleCommand.java,
 * TellRawCommand.java of 1.21.11 and 26.1.2; 1.20.1's shapes are those of the captures in
 * test/outcome/fixtures/captures/). One player's commands run in order, each answered in full before the
 * next starts, as on the vanilla server thread.
 */
import type { ComponentObject, TextComponent } from '../../src/vocabulary/text/message.js';

export interface ReplyOptions {
  /** the gamerule's name on this version (sendCommandFeedback before 1.21.11, send_command_feedback after) */
  feedbackRule: string;
  /** 1.21.5+ writes `click_event: {action, command}`; older versions `clickEvent: {action, value}` */
  snakeCaseEvents: boolean;
}

/** a reply, or a captured packet to replay as is (the 1.20.1 server sends real vanilla bytes) */
export type Reply = { component: TextComponent } | { capture: string };

const red = (inner: TextComponent): ComponentObject => ({ text: '', color: 'red', extra: [inner] });

/** Commands.performCommand: the error line, then `…<last 10 chars><--[HERE]` with a click to retype it */
function parseError(key: string, command: string, cursor: number, options: ReplyOptions): Reply[] {
  const suggest = options.snakeCaseEvents
    ? { click_event: { action: 'suggest_command', command: `/${command}` } }
    : { clickEvent: { action: 'suggest_command', value: `/${command}` } };
  const before = command.slice(Math.max(0, cursor - 10), cursor);
  const context: ComponentObject = {
    text: '',
    color: 'gray',
    ...suggest,
    extra: [
      { text: cursor > 10 ? `...${before}` : before },
      { text: command.slice(cursor), color: 'red', underlined: true },
      { translate: 'command.context.here', color: 'red', italic: true },
    ],
  };
  return [{ component: red({ translate: key }) }, { component: red(context) }];
}

export class VanillaReplies {
  private readonly blocks = new Map<string, string>();

  constructor(private readonly options: ReplyOptions) {}

  answer(command: string): Reply[] {
    const words = command.trim().split(/\s+/);
    const [name, ...args] = words;
    if (name === 'tellraw' && args[0] === '@s') {
      // TellRawCommand: the component itself, to the target; nothing to the sender
      const json = command.slice(command.indexOf('@s') + 2).trim();
      return [{ component: JSON.parse(json) as TextComponent }];
    }
    if (name === 'gamerule') {
      if (args[0] !== this.options.feedbackRule) {
        return parseError('command.unknown.argument', command, 'gamerule '.length, this.options);
      }
      return [{ component: { translate: 'commands.gamerule.query', with: [args[0], 'true'] } }];
    }
    if (name === 'setblock' && args.length === 4) {
      const [x, y, z, block] = args as [string, string, string, string];
      const pos = [x, y, z].map(Number);
      if (pos.some((n) => !Number.isInteger(n))) {
        return parseError('argument.pos3d.incomplete', command, 'setblock '.length, this.options);
      }
      const at = pos.join(',');
      const id = block.replace(/^minecraft:/, '');
      // SetBlockCommand: ERROR_FAILED when the block is already there (sent red by performCommand)
      if (this.blocks.get(at) === id) return [{ component: red({ translate: 'commands.setblock.failed' }) }];
      this.blocks.set(at, id);
      return [{ component: { translate: 'commands.setblock.success', with: pos as number[] } }];
    }
    return parseError('command.unknown.command', command, 0, this.options);
  }
}

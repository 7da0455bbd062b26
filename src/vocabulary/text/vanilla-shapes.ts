/**
 * Vanilla 1.21.4 shapes of command feedback (net/minecraft/commands/CommandSourceStack.java sendSuccess and
 * sendFailure; Commands.performCommand for a parse error's context line): what the embedded world and the
 * offline warm-up rehearsal both send. The tests judge these shapes with helpers of their own.
 */
import type { ComponentObject, TextComponent } from './message.js';

/** vanilla's sendFailure: every failure is wrapped in a red empty component; successes are bare */
export const failure = (message: TextComponent): ComponentObject => ({
  text: '',
  color: 'red',
  extra: [message],
});

export const translate = (key: string, args: TextComponent[] = []): ComponentObject =>
  args.length > 0 ? { translate: key, with: args } : { translate: key };

/**
 * The second line of a parse error: up to 10 characters before the cursor, the rest red and underlined,
 * then `<--[HERE]`; clicking it suggests the whole command again (Commands.performCommand).
 */
export function contextLine(command: string, cursor: number): ComponentObject {
  const at = Math.min(command.length, cursor);
  const extra: TextComponent[] = [];
  if (at > 10) extra.push('...');
  extra.push(command.slice(Math.max(0, at - 10), at));
  if (at < command.length) extra.push({ text: command.slice(at), color: 'red', underlined: true });
  extra.push({ translate: 'command.context.here', color: 'red', italic: true });
  return failure({
    text: '',
    color: 'gray',
    clickEvent: { action: 'suggest_command', value: `/${command}` },
    extra,
  });
}

/** `[Name: message]` copy of a success that other operators see (while sendCommandFeedback is on). */
export const adminCopy = (sourceName: TextComponent, message: TextComponent): ComponentObject => ({
  translate: 'chat.type.admin',
  with: [sourceName, message],
  color: 'gray',
  italic: true,
});

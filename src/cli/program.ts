/** The mcbridge command line, assembled (without parsing, so tests can inspect it). */
import { Command } from 'commander';
import { registerDemoCommand } from './demo-command.js';
import { registerExecCommand } from './exec-command.js';
import { registerLoginCommands } from './login-command.js';
import { registerPeerCommand } from './peer-command.js';
import { registerRenderCommand } from './render-command.js';
import { registerServeCommand } from './serve-command.js';
import { registerWorldCommand } from './world-command.js';

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('mcbridge')
    .description('Let an LLM build in Minecraft through MCP, and know exactly what each command did.')
    .showHelpAfterError();
  registerServeCommand(program);
  registerExecCommand(program);
  registerWorldCommand(program);
  registerDemoCommand(program);
  registerPeerCommand(program);
  registerRenderCommand(program);
  registerLoginCommands(program);
  return program;
}

/** The mcbridge command line, assembled (without parsing, so tests can inspect it). */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { registerDemoCommand } from './demo-command.js';
import { registerExecCommand } from './exec-command.js';
import { registerLoginCommands } from './login-command.js';
import { registerPeerCommand } from './peer-command.js';
import { registerRenderCommand } from './render-command.js';
import { registerServeCommand } from './serve-command.js';
import { registerWorldCommand } from './world-command.js';

/** the same path from src/cli (tsx) and dist/cli (built) */
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('mcbridge')
    .description('Let an LLM build in Minecraft through MCP, and know exactly what each command did.')
    .version(version, '-V, --version', "print mcbridge's version")
    // `mcbridge --version` is mcbridge's; `mcbridge serve --version 1.21.4` is the Minecraft version
    .enablePositionalOptions()
    .showHelpAfterError()
    // usage errors exit 2 (1 is for commands that ran and failed); help and --version exit 0
    .exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : 2));
  registerServeCommand(program);
  registerExecCommand(program);
  registerWorldCommand(program);
  registerDemoCommand(program);
  registerPeerCommand(program);
  registerRenderCommand(program);
  registerLoginCommands(program);
  return program;
}

#!/usr/bin/env node
/** The mcbridge command line. */
import { Command } from 'commander';
import { McbridgeError } from '../errors.js';
import { registerDemoCommand } from './demo-command.js';
import { registerExecCommand } from './exec-command.js';
import { registerPeerCommand } from './peer-command.js';
import { registerServeCommand } from './serve-command.js';
import { registerWorldCommand } from './world-command.js';

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

program.parseAsync(process.argv).catch((err: unknown) => {
  const message =
    err instanceof McbridgeError
      ? err.message
      : err instanceof Error
        ? (err.stack ?? err.message)
        : String(err);
  process.stderr.write(`mcbridge: ${message}\n`);
  process.exit(1);
});

/**
 * A command of a test's batch as a scripted server receives it: neither the loaded-chunk probe execute_commands
 * sends before writing where the bot sees no chunk (`execute if blocks`, src/execute/probe-loaded.ts) nor a fence.
 * Fault-injecting tests arm their faults from the first such command on.
 */
export const isBatchCommand = (command: string): boolean =>
  !command.startsWith('execute if blocks') && !command.includes('mcbridge.fence');

import { commandAsSent } from '../safety/characters.js';

/** The command as sent: without a leading slash and surrounding spaces (safety's one rule for characters). */
export const normalizeCommand = commandAsSent;

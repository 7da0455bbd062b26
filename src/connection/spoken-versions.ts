/**
 * The oldest Minecraft Java version mcbridge speaks. mineflayer itself reaches back to 1.8.8, but the npm
 * package ships minecraft-data's tables only from this version on (scripts/package-tree.ts prunes the rest at
 * pack time, for a first `npx` that installs in seconds): the bot's range and its refusals name this version,
 * so a checkout and an installed package say the same.
 */
export const OLDEST_SPOKEN_VERSION = '1.20.1';

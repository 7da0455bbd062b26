package dev.mcbridge.core;

import java.util.concurrent.Executor;

/**
 * What the bridge needs from the game. The Fabric adapters implement it over {@code Minecraft} (MinecraftGame);
 * tests and the cross-language contract test implement it with a stand-in game. Everything but {@link #gameThread()}
 * is called on the game thread.
 */
public interface GameAdapter {
    /** Runs tasks on the game (client) thread, one after another, in submission order. */
    Executor gameThread();

    /** Sends a chat command (no leading slash) to the server the player is on. */
    void sendCommand(String command);

    boolean isInWorld();

    /** e.g. "title", "world", "connecting" */
    default String screen() {
        return isInWorld() ? "world" : "title";
    }

    /** host:port of the server, "singleplayer", or null when not in a world */
    String serverAddress();

    /** null when not in a world */
    String playerName();

    /** permission level >= 2, or null when the game does not know */
    default Boolean isOp() {
        return null;
    }

    String minecraftVersion();

    /** the player's position and look (vanilla degrees), or null when not in a world */
    Frames.Position position();

    /**
     * The block state at a position as {@code minecraft:name[k=v,...]} with properties sorted by name, or
     * null when the position is not loaded (never air for an unloaded chunk; void_air and cave_air are blocks).
     * {@link BlockStates#key} builds the key.
     */
    String readBlockState(int x, int y, int z);
}

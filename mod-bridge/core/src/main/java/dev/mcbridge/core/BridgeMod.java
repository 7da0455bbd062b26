package dev.mcbridge.core;

import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Everything the Fabric entrypoints of every Minecraft version do alike: load the config, start the bridge,
 * route chat lines through {@link ChatHook}, report state every few ticks and on joining or leaving a world.
 * The entrypoints only translate Fabric's events and Minecraft's types into these calls.
 */
public final class BridgeMod implements AutoCloseable {
    /** how often (in client ticks) the bridge checks whether the game's state changed */
    public static final int STATE_EVERY_TICKS = 10;

    private final BridgeClient bridge;
    private final ChatHook chat;
    private int ticks;

    BridgeMod(BridgeClient bridge, Consumer<String> warn) {
        this.bridge = bridge;
        this.chat = new ChatHook(bridge::onGameMessage, warn);
    }

    /**
     * Starts the bridge, or returns null (after one warning) when it cannot run, e.g. no token yet.
     * {@code configFile} is {@code config/mcbridge.properties} in the game directory.
     */
    public static BridgeMod start(Path configFile, GameAdapter game, String modVersion, Consumer<String> info, Consumer<String> warn) {
        return start(() -> BridgeConfig.load(configFile), game, modVersion, info, warn);
    }

    /** the config as it is read (tests give their own) */
    interface ConfigSource {
        BridgeConfig read() throws BridgeConfig.ConfigException;
    }

    static BridgeMod start(ConfigSource source, GameAdapter game, String modVersion, Consumer<String> info, Consumer<String> warn) {
        try {
            BridgeConfig config = source.read();
            BridgeClient bridge = new BridgeClient(config, game, BridgeClient.Options.of(modVersion, info));
            bridge.start();
            return new BridgeMod(bridge, warn);
        } catch (BridgeConfig.ConfigException e) {
            warn.accept("mcbridge bridge disabled: " + e.getMessage());
            return null;
        }
    }

    /** {@code ALLOW_GAME}: see {@link ChatHook#allowGame}. Never throws. */
    public boolean allowGame(Callable<String> toJson, boolean overlay) {
        return chat.allowGame(toJson, overlay);
    }

    /** the chat events: see {@link ChatHook#onChat}. Never throws. */
    public void onChat(Callable<String> toJson, UUID sender, UUID localPlayer) {
        chat.onChat(toJson, sender, localPlayer);
    }

    /** at the end of every client tick (client thread) */
    public void onTick() {
        if (++ticks % STATE_EVERY_TICKS == 0) bridge.stateChanged();
    }

    /** after joining a world (client thread); returns a line to show the player, or null */
    public String onJoin() {
        bridge.stateChanged();
        return bridge.status() == BridgeClient.Status.STOPPED ? "[mcbridge] bridge stopped: " + bridge.statusDetail() : null;
    }

    /** after leaving a world (client thread) */
    public void onDisconnect() {
        bridge.stateChanged();
    }

    @Override
    public void close() {
        bridge.close();
    }
}

package dev.mcbridge.core;

import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * What the adapters' chat listeners do with a line, kept out of Minecraft's types so it is tested here.
 *
 * <p>Fabric calls our listener inside the game's chat path ({@code ClientPacketListener.handleSystemChat} →
 * {@code ChatListener.handleSystemMessage}, where Fabric's mixin fires {@code ALLOW_GAME} at the head): an
 * exception there would abort the game's handling of the packet, so the line would never reach
 * {@code ChatComponent}. So nothing here throws, and a line that cannot be serialised or forwarded is still
 * shown (only a fence that was recognised is hidden).
 */
public final class ChatHook {
    /** where lines go: {@code bridge::onGameMessage} (component JSON, overlay) */
    private final BiConsumer<String, Boolean> forward;
    private final Consumer<String> log;

    public ChatHook(BiConsumer<String, Boolean> forward, Consumer<String> log) {
        this.forward = forward;
        this.log = log;
    }

    /**
     * For {@code ALLOW_GAME}: forwards the line (fences included) and answers whether the game may show it.
     * {@code toJson} serialises the game's component; it may throw.
     */
    public boolean allowGame(Callable<String> toJson, boolean overlay) {
        try {
            String json = toJson.call();
            forward.accept(json, overlay);
            return !Fences.hideFromChat(json);
        } catch (Throwable e) {
            // never let our hook cost the player a line (or the game its chat path)
            safeLog("could not forward a game line: " + e);
            return true;
        }
    }

    /**
     * For the chat events ({@code say}, {@code me}, {@code msg}…): vanilla sends these as player chat (with the
     * sender's UUID) or disguised chat (no signed message). Forwarded when the line is the local player's own
     * or has no player sender: those are what the player's commands produce; other players' chat never
     * belongs to a command (the mineflayer backend drops it too). Never hides anything.
     */
    public void onChat(Callable<String> toJson, UUID sender, UUID localPlayer) {
        try {
            if (!belongsToPlayer(sender, localPlayer)) return;
            forward.accept(toJson.call(), false);
        } catch (Throwable e) {
            safeLog("could not forward a chat line: " + e);
        }
    }

    /** true for disguised chat (no sender) and for the local player's own chat */
    public static boolean belongsToPlayer(UUID sender, UUID localPlayer) {
        return sender == null || sender.equals(localPlayer);
    }

    private void safeLog(String line) {
        try {
            log.accept(line);
        } catch (Throwable ignored) {
            // logging must not break the chat path either
        }
    }
}

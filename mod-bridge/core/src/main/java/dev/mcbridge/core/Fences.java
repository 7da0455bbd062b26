package dev.mcbridge.core;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * Fences: the companion follows every command with {@code tellraw @s {"translate":"mcbridge.fence",...}}
 * to split the server's replies per command. The mod forwards fence lines like any other, but hides them
 * from the player's chat.
 */
public final class Fences {
    private Fences() {}

    public static final String FENCE_KEY = "mcbridge.fence";

    public static boolean isFence(JsonObject component) {
        if (component == null) return false;
        JsonElement key = component.get("translate");
        return key != null
                && key.isJsonPrimitive()
                && key.getAsJsonPrimitive().isString()
                && FENCE_KEY.equals(key.getAsString());
    }

    public static boolean isFence(JsonElement component) {
        return component != null && component.isJsonObject() && isFence(component.getAsJsonObject());
    }

    /** For the chat hook: true when the line (as the game's JSON) must not be shown to the player. */
    public static boolean hideFromChat(String componentJson) {
        try {
            return isFence(Codec.parseComponent(componentJson));
        } catch (ProtocolException e) {
            return false;
        }
    }
}

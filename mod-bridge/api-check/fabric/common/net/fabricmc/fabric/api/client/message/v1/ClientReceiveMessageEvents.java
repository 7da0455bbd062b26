// API-check stub: the signatures our adapters use, nothing else; never part of the mod.
// FabricMC/fabric-api fabric-message-api-v1/src/client/java/net/fabricmc/fabric/api/client/message/v1/
// ClientReceiveMessageEvents.java: the same members in 0.116.1+1.21.4 (yarn source, Mojang names after Loom
// remaps it) and 0.146.1+26.1.2 (Mojang source).
package net.fabricmc.fabric.api.client.message.v1;

import com.mojang.authlib.GameProfile;
import java.time.Instant;
import net.fabricmc.fabric.api.event.Event;
import net.minecraft.network.chat.ChatType;
import net.minecraft.network.chat.Component;
import net.minecraft.network.chat.PlayerChatMessage;

public final class ClientReceiveMessageEvents {
    private ClientReceiveMessageEvents() {}

    public static final Event<AllowChat> ALLOW_CHAT = null;
    public static final Event<AllowGame> ALLOW_GAME = null;

    @FunctionalInterface
    public interface AllowChat {
        boolean allowReceiveChatMessage(Component message, PlayerChatMessage signedMessage, GameProfile sender, ChatType.Bound params, Instant receptionTimestamp);
    }

    @FunctionalInterface
    public interface AllowGame {
        boolean allowReceiveGameMessage(Component message, boolean overlay);
    }
}

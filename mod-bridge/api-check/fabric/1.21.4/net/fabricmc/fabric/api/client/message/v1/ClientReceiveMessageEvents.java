// Generated from Fabric API's source, the files listed in api-check/fabric-api/1.21.4.tsv:
// only the signatures the adapters use (bodies throw). Do not edit; regenerate.
package net.fabricmc.fabric.api.client.message.v1;

public abstract class ClientReceiveMessageEvents {
    public static net.fabricmc.fabric.api.event.Event<net.fabricmc.fabric.api.client.message.v1.ClientReceiveMessageEvents.AllowChat> ALLOW_CHAT;
    public static net.fabricmc.fabric.api.event.Event<net.fabricmc.fabric.api.client.message.v1.ClientReceiveMessageEvents.AllowGame> ALLOW_GAME;
    protected ClientReceiveMessageEvents() {
        throw new UnsupportedOperationException("stub");
    }
    public static interface AllowChat {
        boolean allowReceiveChatMessage(net.minecraft.network.chat.Component arg0, net.minecraft.network.chat.PlayerChatMessage arg1, com.mojang.authlib.GameProfile arg2, net.minecraft.network.chat.ChatType.Bound arg3, java.time.Instant arg4);
    }
    public static interface AllowGame {
        boolean allowReceiveGameMessage(net.minecraft.network.chat.Component arg0, boolean arg1);
    }
}

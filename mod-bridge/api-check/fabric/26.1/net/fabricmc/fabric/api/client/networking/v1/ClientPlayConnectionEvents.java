// Generated from Fabric API's source, the files listed in api-check/fabric-api/26.1.tsv:
// only the signatures the adapters use (bodies throw). Do not edit; regenerate.
package net.fabricmc.fabric.api.client.networking.v1;

public abstract class ClientPlayConnectionEvents {
    public static net.fabricmc.fabric.api.event.Event<net.fabricmc.fabric.api.client.networking.v1.ClientPlayConnectionEvents.Join> JOIN;
    public static net.fabricmc.fabric.api.event.Event<net.fabricmc.fabric.api.client.networking.v1.ClientPlayConnectionEvents.Disconnect> DISCONNECT;
    protected ClientPlayConnectionEvents() {
        throw new UnsupportedOperationException("stub");
    }
    public static interface Join {
        void onPlayReady(net.minecraft.client.multiplayer.ClientPacketListener arg0, net.fabricmc.fabric.api.networking.v1.PacketSender arg1, net.minecraft.client.Minecraft arg2);
    }
    public static interface Disconnect {
        void onPlayDisconnect(net.minecraft.client.multiplayer.ClientPacketListener arg0, net.minecraft.client.Minecraft arg1);
    }
}

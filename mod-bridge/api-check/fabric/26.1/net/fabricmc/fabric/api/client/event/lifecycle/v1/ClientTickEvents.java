// Generated from Fabric API's source, the files listed in api-check/fabric-api/26.1.tsv:
// only the signatures the adapters use (bodies throw). Do not edit; regenerate.
package net.fabricmc.fabric.api.client.event.lifecycle.v1;

public abstract class ClientTickEvents {
    public static net.fabricmc.fabric.api.event.Event<net.fabricmc.fabric.api.client.event.lifecycle.v1.ClientTickEvents.EndTick> END_CLIENT_TICK;
    protected ClientTickEvents() {
        throw new UnsupportedOperationException("stub");
    }
    public static interface EndTick {
        void onEndTick(net.minecraft.client.Minecraft arg0);
    }
}

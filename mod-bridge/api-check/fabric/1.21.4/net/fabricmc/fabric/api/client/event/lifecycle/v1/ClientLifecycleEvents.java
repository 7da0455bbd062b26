// Generated from Fabric API's source, the files listed in api-check/fabric-api/1.21.4.tsv:
// only the signatures the adapters use (bodies throw). Do not edit; regenerate.
package net.fabricmc.fabric.api.client.event.lifecycle.v1;

public abstract class ClientLifecycleEvents {
    public static net.fabricmc.fabric.api.event.Event<net.fabricmc.fabric.api.client.event.lifecycle.v1.ClientLifecycleEvents.ClientStopping> CLIENT_STOPPING;
    protected ClientLifecycleEvents() {
        throw new UnsupportedOperationException("stub");
    }
    public static interface ClientStopping {
        void onClientStopping(net.minecraft.client.Minecraft arg0);
    }
}

// API-check stub: the signatures our adapters use, nothing else; never part of the mod.
// FabricMC/fabric-api fabric-lifecycle-events-v1/src/client/java/net/fabricmc/fabric/api/client/event/lifecycle/v1/ClientLifecycleEvents.java
package net.fabricmc.fabric.api.client.event.lifecycle.v1;

import net.fabricmc.fabric.api.event.Event;
import net.minecraft.client.Minecraft;

public final class ClientLifecycleEvents {
    private ClientLifecycleEvents() {}

    public static final Event<ClientStopping> CLIENT_STOPPING = null;

    @FunctionalInterface
    public interface ClientStopping {
        void onClientStopping(Minecraft client);
    }
}

// API-check stub: the signatures our adapters use, nothing else; never part of the mod.
// FabricMC/fabric-api fabric-lifecycle-events-v1/src/client/java/net/fabricmc/fabric/api/client/event/lifecycle/v1/ClientTickEvents.java
package net.fabricmc.fabric.api.client.event.lifecycle.v1;

import net.fabricmc.fabric.api.event.Event;
import net.minecraft.client.Minecraft;

public final class ClientTickEvents {
    private ClientTickEvents() {}

    public static final Event<EndTick> END_CLIENT_TICK = null;

    @FunctionalInterface
    public interface EndTick {
        void onEndTick(Minecraft client);
    }
}

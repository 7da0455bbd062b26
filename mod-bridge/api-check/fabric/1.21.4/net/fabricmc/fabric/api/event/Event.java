// API-check stub: the signatures our adapters use, nothing else; never part of the mod.
// FabricMC/fabric-api fabric-api-base/src/main/java/net/fabricmc/fabric/api/event/Event.java (the 1.21.x branch: phases are
// named by net.minecraft.resources.ResourceLocation)
package net.fabricmc.fabric.api.event;

import net.minecraft.resources.ResourceLocation;

public abstract class Event<T> {
    public static final ResourceLocation DEFAULT_PHASE = null;

    public final T invoker() {
        throw new UnsupportedOperationException("stub");
    }

    public abstract void register(T listener);

    public void register(ResourceLocation phase, T listener) {}

    public void addPhaseOrdering(ResourceLocation firstPhase, ResourceLocation secondPhase) {}
}

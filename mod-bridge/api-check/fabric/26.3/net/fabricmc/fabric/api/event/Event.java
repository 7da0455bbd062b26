// API-check stub: the signatures our adapters use, nothing else; never part of the mod.
// FabricMC/fabric-api fabric-api-base/src/main/java/net/fabricmc/fabric/api/event/Event.java, read on the 26.1 branch
// (phases are named by net.minecraft.resources.Identifier); its 26.3 source could not be read here.
package net.fabricmc.fabric.api.event;

import net.minecraft.resources.Identifier;

public abstract class Event<T> {
    public static final Identifier DEFAULT_PHASE = null;

    public final T invoker() {
        throw new UnsupportedOperationException("stub");
    }

    public abstract void register(T listener);

    public void register(Identifier phase, T listener) {}

    public void addPhaseOrdering(Identifier firstPhase, Identifier secondPhase) {}
}

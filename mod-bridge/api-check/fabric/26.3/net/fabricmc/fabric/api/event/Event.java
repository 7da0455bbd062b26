// Generated from Fabric API's source, the files listed in api-check/fabric-api/26.3.tsv:
// only the signatures the adapters use (bodies throw). Do not edit; regenerate.
package net.fabricmc.fabric.api.event;

public abstract class Event<T> {
    public abstract void register(T arg0);
    public static net.minecraft.resources.Identifier DEFAULT_PHASE;
    public void register(net.minecraft.resources.Identifier arg0, T arg1) {
        throw new UnsupportedOperationException("stub");
    }
    public void addPhaseOrdering(net.minecraft.resources.Identifier arg0, net.minecraft.resources.Identifier arg1) {
        throw new UnsupportedOperationException("stub");
    }
    protected Event() {
        throw new UnsupportedOperationException("stub");
    }
}

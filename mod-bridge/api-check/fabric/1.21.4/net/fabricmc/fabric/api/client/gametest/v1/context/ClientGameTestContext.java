// Generated from Fabric API's source, the files listed in api-check/fabric-api/1.21.4.tsv:
// only the signatures the adapters use (bodies throw). Do not edit; regenerate.
package net.fabricmc.fabric.api.client.gametest.v1.context;

public interface ClientGameTestContext {
    int waitFor(java.util.function.Predicate<net.minecraft.client.Minecraft> arg0, int arg1);
    net.fabricmc.fabric.api.client.gametest.v1.world.TestWorldBuilder worldBuilder();
    <T, E extends java.lang.Throwable> T computeOnClient(org.apache.commons.lang3.function.FailableFunction<net.minecraft.client.Minecraft,T,E> arg0) throws E;
}

// API-check stub: the signatures our adapters use, nothing else; never part of the mod.
// FabricMC/fabric-loader src/main/java/net/fabricmc/api/ClientModInitializer.java
package net.fabricmc.api;

@FunctionalInterface
public interface ClientModInitializer {
    void onInitializeClient();
}

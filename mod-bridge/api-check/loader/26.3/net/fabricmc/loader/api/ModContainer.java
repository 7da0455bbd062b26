// Generated from FabricMC/fabric-loader 0.19.2 (d11264138256, src/main/java):
// only the signatures the adapters use (bodies throw). Do not edit; regenerate.
package net.fabricmc.loader.api;

public interface ModContainer {
    net.fabricmc.loader.api.metadata.ModMetadata getMetadata();
}

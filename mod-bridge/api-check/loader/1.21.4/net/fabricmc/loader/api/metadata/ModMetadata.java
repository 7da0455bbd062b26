// Generated from FabricMC/fabric-loader 0.16.10 (fda9a7b84f08, src/main/java):
// only the signatures the adapters use (bodies throw). Do not edit; regenerate.
package net.fabricmc.loader.api.metadata;

public interface ModMetadata {
    net.fabricmc.loader.api.Version getVersion();
}

// Generated from FabricMC/fabric-loader 0.18.4 (088e1fe3487f, src/main/java):
// only the signatures the adapters use (bodies throw). Do not edit; regenerate.
package net.fabricmc.loader.api.metadata;

public interface ModMetadata {
    net.fabricmc.loader.api.Version getVersion();
}

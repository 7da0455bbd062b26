// API-check stub: the signatures our adapters use, nothing else; never part of the mod.
// FabricMC/fabric-loader src/main/java/net/fabricmc/loader/api/metadata/ModMetadata.java
package net.fabricmc.loader.api.metadata;

import net.fabricmc.loader.api.Version;

public interface ModMetadata {
    Version getVersion();
}

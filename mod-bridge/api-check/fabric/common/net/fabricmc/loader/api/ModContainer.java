// API-check stub: the signatures our adapters use, nothing else; never part of the mod.
// FabricMC/fabric-loader src/main/java/net/fabricmc/loader/api/ModContainer.java
package net.fabricmc.loader.api;

import net.fabricmc.loader.api.metadata.ModMetadata;

public interface ModContainer {
    ModMetadata getMetadata();
}

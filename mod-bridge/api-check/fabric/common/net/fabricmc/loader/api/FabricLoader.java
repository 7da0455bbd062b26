// API-check stub: the signatures our adapters use, nothing else; never part of the mod.
// FabricMC/fabric-loader src/main/java/net/fabricmc/loader/api/FabricLoader.java
package net.fabricmc.loader.api;

import java.nio.file.Path;
import java.util.Optional;

public interface FabricLoader {
    static FabricLoader getInstance() {
        throw new UnsupportedOperationException("stub");
    }

    Optional<ModContainer> getModContainer(String id);

    Path getConfigDir();
}

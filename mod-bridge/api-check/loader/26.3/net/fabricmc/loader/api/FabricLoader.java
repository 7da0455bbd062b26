// Generated from FabricMC/fabric-loader 0.19.2 (d11264138256, src/main/java):
// only the signatures the adapters use (bodies throw). Do not edit; regenerate.
package net.fabricmc.loader.api;

public interface FabricLoader {
    static net.fabricmc.loader.api.FabricLoader getInstance() {
        throw new UnsupportedOperationException("stub");
    }
    java.util.Optional<net.fabricmc.loader.api.ModContainer> getModContainer(java.lang.String arg0);
    java.nio.file.Path getConfigDir();
}

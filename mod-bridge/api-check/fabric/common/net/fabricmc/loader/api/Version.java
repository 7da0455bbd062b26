// API-check stub: the signatures our adapters use, nothing else; never part of the mod.
// FabricMC/fabric-loader src/main/java/net/fabricmc/loader/api/Version.java
package net.fabricmc.loader.api;

public interface Version extends Comparable<Version> {
    String getFriendlyString();
}

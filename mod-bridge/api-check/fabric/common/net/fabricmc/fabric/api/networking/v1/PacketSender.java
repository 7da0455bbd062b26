// API-check stub: the signatures our adapters use, nothing else; never part of the mod.
// FabricMC/fabric-api fabric-networking-api-v1/src/main/java/net/fabricmc/fabric/api/networking/v1/PacketSender.java
package net.fabricmc.fabric.api.networking.v1;

public interface PacketSender {}

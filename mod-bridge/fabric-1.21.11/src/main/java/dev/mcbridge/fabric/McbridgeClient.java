package dev.mcbridge.fabric;

import com.mojang.serialization.JsonOps;
import dev.mcbridge.core.BridgeMod;
import java.util.UUID;
import net.fabricmc.api.ClientModInitializer;
import net.fabricmc.fabric.api.client.event.lifecycle.v1.ClientLifecycleEvents;
import net.fabricmc.fabric.api.client.event.lifecycle.v1.ClientTickEvents;
import net.fabricmc.fabric.api.client.message.v1.ClientReceiveMessageEvents;
import net.fabricmc.fabric.api.client.networking.v1.ClientPlayConnectionEvents;
import net.fabricmc.fabric.api.event.Event;
import net.fabricmc.loader.api.FabricLoader;
import net.minecraft.client.Minecraft;
import net.minecraft.client.multiplayer.ClientPacketListener;
import net.minecraft.network.chat.Component;
import net.minecraft.network.chat.ComponentSerialization;
import net.minecraft.resources.Identifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Minecraft 1.21.11 client entrypoint (Mojang names): Fabric's events → {@link BridgeMod} (core holds the logic).
 *
 * <p>Read against the decompiled 1.21.11 client: {@code ClientPacketListener.handleSystemChat} →
 * {@code ChatListener.handleSystemMessage} (Fabric API fires {@code ALLOW_GAME} at its head) →
 * {@code ChatComponent.addMessage}; player and disguised chat go through {@code ChatListener.showMessageToPlayer}
 * and its disguised-chat lambda, where Fabric fires {@code ALLOW_CHAT}. Both run on the client thread.
 */
public final class McbridgeClient implements ClientModInitializer {
    private static final Logger LOG = LoggerFactory.getLogger("mcbridge");
    /** runs before Fabric's default phase, so no other mod's listener sees (or throws on) a line first */
    private static final Identifier EARLY = Identifier.fromNamespaceAndPath("mcbridge", "early");

    @Override
    public void onInitializeClient() {
        Minecraft client = Minecraft.getInstance();
        String version = FabricLoader.getInstance().getModContainer("mcbridge")
                .map(c -> c.getMetadata().getVersion().getFriendlyString()).orElse("dev");
        BridgeMod mod = BridgeMod.start(FabricLoader.getInstance().getConfigDir().resolve("mcbridge.properties"),
                new MinecraftGame(client), version, LOG::info, LOG::warn);
        if (mod == null) return;

        early(ClientReceiveMessageEvents.ALLOW_GAME);
        ClientReceiveMessageEvents.ALLOW_GAME.register(EARLY,
                (message, overlay) -> mod.allowGame(() -> toJson(client, message), overlay));
        // ALLOW_CHAT rather than CHAT: CHAT is skipped for lines another mod's ALLOW_CHAT blocked; we never block
        early(ClientReceiveMessageEvents.ALLOW_CHAT);
        ClientReceiveMessageEvents.ALLOW_CHAT.register(EARLY, (message, signed, sender, params, received) -> {
            mod.onChat(() -> toJson(client, message), signed == null ? null : signed.sender(), localPlayer(client));
            return true;
        });
        ClientTickEvents.END_CLIENT_TICK.register(c -> mod.onTick());
        ClientPlayConnectionEvents.JOIN.register((listener, sender, c) -> c.execute(() -> {
            String notice = mod.onJoin();
            if (notice != null && c.player != null) c.player.displayClientMessage(Component.literal(notice), false);
        }));
        ClientPlayConnectionEvents.DISCONNECT.register((listener, c) -> c.execute(mod::onDisconnect));
        ClientLifecycleEvents.CLIENT_STOPPING.register(c -> mod.close());
    }

    private static void early(Event<?> event) {
        event.addPhaseOrdering(EARLY, Event.DEFAULT_PHASE);
    }

    private static UUID localPlayer(Minecraft client) {
        return client.player == null ? null : client.player.getUUID();
    }

    /**
     * Component → JSON with translation keys intact: {@code ComponentSerialization.CODEC} with the registry ops
     * of the connection ({@code ClientPacketListener.registryAccess()}, the registries the server sent; what
     * {@code Component.Serializer.toJson} did in 1.21.4). Throws when not connected; ChatHook catches it.
     * Public for the client gametest, which reads the chat window's lines the way the mod sees them.
     */
    public static String toJson(Minecraft client, Component message) {
        ClientPacketListener connection = client.getConnection();
        if (connection == null) throw new IllegalStateException("no connection, so no registries to serialise with");
        return ComponentSerialization.CODEC
                .encodeStart(connection.registryAccess().createSerializationContext(JsonOps.INSTANCE), message)
                .getOrThrow(IllegalStateException::new)
                .toString();
    }
}

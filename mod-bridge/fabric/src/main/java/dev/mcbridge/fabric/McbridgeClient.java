package dev.mcbridge.fabric;

import dev.mcbridge.core.BridgeClient;
import dev.mcbridge.core.BridgeConfig;
import dev.mcbridge.core.Fences;
import net.fabricmc.api.ClientModInitializer;
import net.fabricmc.fabric.api.client.event.lifecycle.v1.ClientLifecycleEvents;
import net.fabricmc.fabric.api.client.event.lifecycle.v1.ClientTickEvents;
import net.fabricmc.fabric.api.client.message.v1.ClientReceiveMessageEvents;
import net.fabricmc.fabric.api.client.networking.v1.ClientPlayConnectionEvents;
import net.fabricmc.loader.api.FabricLoader;
import net.minecraft.client.MinecraftClient;
import net.minecraft.registry.DynamicRegistryManager;
import net.minecraft.registry.RegistryWrapper;
import net.minecraft.text.Text;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Client entrypoint: wires Minecraft's events to the bridge core (mod-bridge/core), which holds all logic.
 * Config: config/mcbridge.properties (url, name, token, tokenFile), else MCBRIDGE_BRIDGE_* variables, else
 * ws://127.0.0.1:25580 with the token file `mcbridge serve --bridge` writes.
 */
public final class McbridgeClient implements ClientModInitializer {
    private static final Logger LOG = LoggerFactory.getLogger("mcbridge");
    /** how often (in ticks) the core is asked whether the game's state changed */
    private static final int STATE_EVERY_TICKS = 10;

    private BridgeClient bridge;
    private String problem;
    private int ticks;

    @Override
    public void onInitializeClient() {
        MinecraftClient client = MinecraftClient.getInstance();
        String version = FabricLoader.getInstance()
                .getModContainer("mcbridge")
                .map(c -> c.getMetadata().getVersion().getFriendlyString())
                .orElse("dev");
        try {
            BridgeConfig config = BridgeConfig.load(FabricLoader.getInstance().getConfigDir().resolve("mcbridge.properties"));
            bridge = new BridgeClient(config, new MinecraftGame(client), BridgeClient.Options.of(version, LOG::info));
            bridge.start();
        } catch (BridgeConfig.ConfigException e) {
            problem = e.getMessage();
            LOG.warn("mcbridge bridge disabled: {}", problem);
            return;
        }

        // Forward every game line (fences included) as it arrived, before other mods modify it; hide fences.
        // Forwarding here rather than in GAME: GAME is not called for lines ALLOW_GAME blocked (our fences).
        ClientReceiveMessageEvents.ALLOW_GAME.register((message, overlay) -> {
            String json = toJson(client, message);
            bridge.onGameMessage(json, overlay);
            return !Fences.hideFromChat(json);
        });
        ClientTickEvents.END_CLIENT_TICK.register(c -> {
            if (++ticks % STATE_EVERY_TICKS == 0) bridge.stateChanged();
        });
        ClientPlayConnectionEvents.JOIN.register((handler, sender, c) -> c.execute(() -> {
            bridge.stateChanged();
            if (bridge.status() == BridgeClient.Status.STOPPED && c.player != null)
                c.player.sendMessage(Text.literal("[mcbridge] bridge stopped: " + bridge.statusDetail()), false);
        }));
        ClientPlayConnectionEvents.DISCONNECT.register((handler, c) -> c.execute(bridge::stateChanged));
        ClientLifecycleEvents.CLIENT_STOPPING.register(c -> bridge.close());
    }

    /** Text → its JSON component (1.21.4: registries are needed for hover items and the like). */
    private static String toJson(MinecraftClient client, Text text) {
        RegistryWrapper.WrapperLookup registries =
                client.world != null ? client.world.getRegistryManager() : DynamicRegistryManager.EMPTY;
        return Text.Serialization.toJsonString(text, registries);
    }
}

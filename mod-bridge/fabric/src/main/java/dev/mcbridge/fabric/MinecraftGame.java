package dev.mcbridge.fabric;

import dev.mcbridge.core.BlockStates;
import dev.mcbridge.core.Frames;
import dev.mcbridge.core.GameAdapter;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import net.minecraft.SharedConstants;
import net.minecraft.block.BlockState;
import net.minecraft.client.MinecraftClient;
import net.minecraft.client.gui.screen.multiplayer.ConnectScreen;
import net.minecraft.client.network.ClientPlayNetworkHandler;
import net.minecraft.client.network.ClientPlayerEntity;
import net.minecraft.client.network.ServerInfo;
import net.minecraft.client.world.ClientWorld;
import net.minecraft.registry.Registries;
import net.minecraft.state.property.Property;
import net.minecraft.util.math.BlockPos;

/** The game, as the bridge core sees it: MinecraftClient behind {@link GameAdapter}. No logic lives here. */
final class MinecraftGame implements GameAdapter {
    private final MinecraftClient client;

    MinecraftGame(MinecraftClient client) {
        this.client = client;
    }

    @Override
    public Executor gameThread() {
        // MinecraftClient is a thread executor: tasks run on the client thread, in order
        return client::execute;
    }

    @Override
    public void sendCommand(String command) {
        ClientPlayNetworkHandler network = client.getNetworkHandler();
        if (network == null) throw new IllegalStateException("not connected to a server");
        network.sendChatCommand(command);
    }

    @Override
    public boolean isInWorld() {
        return client.world != null && client.player != null && client.getNetworkHandler() != null;
    }

    @Override
    public String screen() {
        if (isInWorld()) return "world";
        return client.currentScreen instanceof ConnectScreen ? "connecting" : "title";
    }

    @Override
    public String serverAddress() {
        if (client.isInSingleplayer()) return "singleplayer";
        ServerInfo server = client.getCurrentServerEntry();
        return server == null ? null : server.address;
    }

    @Override
    public String playerName() {
        ClientPlayerEntity player = client.player;
        return player == null ? null : player.getGameProfile().getName();
    }

    @Override
    public Boolean isOp() {
        ClientPlayerEntity player = client.player;
        // the server tells the client its permission level (entity status 24–28)
        return player == null ? null : player.hasPermissionLevel(2);
    }

    @Override
    public String minecraftVersion() {
        return SharedConstants.getGameVersion().getName();
    }

    @Override
    public Frames.Position position() {
        ClientPlayerEntity p = client.player;
        if (p == null) return null;
        return new Frames.Position(p.getX(), p.getY(), p.getZ(), p.getYaw(), p.getPitch());
    }

    @Override
    public String readBlockState(int x, int y, int z) {
        ClientWorld world = client.world;
        if (world == null || !world.getChunkManager().isChunkLoaded(x >> 4, z >> 4)) return null;
        BlockState state = world.getBlockState(new BlockPos(x, y, z));
        Map<String, String> properties = new TreeMap<>();
        for (Map.Entry<Property<?>, Comparable<?>> e : state.getEntries().entrySet())
            properties.put(e.getKey().getName(), valueName(e.getKey(), e.getValue()));
        return BlockStates.key(Registries.BLOCK.getId(state.getBlock()).toString(), properties);
    }

    @SuppressWarnings("unchecked")
    private static <T extends Comparable<T>> String valueName(Property<T> property, Comparable<?> value) {
        return property.name((T) value);
    }
}

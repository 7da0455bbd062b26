package dev.mcbridge.fabric;

import dev.mcbridge.core.BlockStates;
import dev.mcbridge.core.Frames;
import dev.mcbridge.core.GameAdapter;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import net.minecraft.SharedConstants;
import net.minecraft.client.Minecraft;
import net.minecraft.client.gui.screens.ConnectScreen;
import net.minecraft.client.multiplayer.ClientLevel;
import net.minecraft.client.multiplayer.ClientPacketListener;
import net.minecraft.client.multiplayer.ServerData;
import net.minecraft.client.player.LocalPlayer;
import net.minecraft.core.BlockPos;
import net.minecraft.core.SectionPos;
import net.minecraft.core.registries.BuiltInRegistries;
import net.minecraft.server.permissions.Permissions;
import net.minecraft.world.level.block.state.BlockState;
import net.minecraft.world.level.block.state.properties.Property;

/**
 * The 26.3 client behind {@link GameAdapter} (Mojang names, read against the decompiled 26.3 client: Minecraft,
 * Gui, ClientPacketListener, ClientLevel, ClientChunkCache, StateHolder). Everything but gameThread() runs on the
 * client thread.
 */
final class MinecraftGame implements GameAdapter {
    private final Minecraft client;

    MinecraftGame(Minecraft client) {
        this.client = client;
    }

    @Override
    public Executor gameThread() {
        // Minecraft is a BlockableEventLoop: execute() from another thread queues the task for the client thread
        return client::execute;
    }

    @Override
    public void sendCommand(String command) {
        ClientPacketListener connection = client.getConnection();
        if (connection == null) throw new IllegalStateException("not connected to a server");
        // sendCommand signs message arguments (say, msg…) when the player has chat keys, else sends them
        // unsigned; sendUnsignedCommand would refuse (return false) for any command with such an argument
        connection.sendCommand(command);
    }

    @Override
    public boolean isInWorld() {
        return client.level != null && client.player != null && client.getConnection() != null;
    }

    @Override
    public String screen() {
        if (isInWorld()) return "world";
        // 26.3 moved the current screen from Minecraft.screen to Gui.screen()
        return client.gui.screen() instanceof ConnectScreen ? "connecting" : "title";
    }

    @Override
    public String serverAddress() {
        if (client.isLocalServer()) return "singleplayer";
        ServerData server = client.getCurrentServer();
        return server == null ? null : server.ip;
    }

    @Override
    public String playerName() {
        LocalPlayer player = client.player;
        return player == null ? null : player.getScoreboardName();
    }

    @Override
    public Boolean isOp() {
        LocalPlayer player = client.player;
        // permission sets since 26.1; level 2 is Permissions.COMMANDS_GAMEMASTER
        return player == null ? null : player.permissions().hasPermission(Permissions.COMMANDS_GAMEMASTER);
    }

    @Override
    public String minecraftVersion() {
        return SharedConstants.getCurrentVersion().name();
    }

    @Override
    public Frames.Position position() {
        LocalPlayer p = client.player;
        if (p == null) return null;
        return new Frames.Position(p.getX(), p.getY(), p.getZ(), p.getYRot(), p.getXRot());
    }

    @Override
    public String readBlockState(int x, int y, int z) {
        ClientLevel level = client.level;
        // ClientLevel.hasChunk is always true and an unloaded chunk reads as air (the empty chunk): ask the
        // chunk cache, which answers from the chunks the server actually sent
        int chunkX = SectionPos.blockToSectionCoord(x), chunkZ = SectionPos.blockToSectionCoord(z);
        if (level == null || !level.getChunkSource().hasChunk(chunkX, chunkZ)) return null;
        // outside the build height Level.getBlockState gives void_air: a real answer, kept as it is
        BlockState state = level.getBlockState(new BlockPos(x, y, z));
        Map<String, String> properties = new TreeMap<>();
        for (Property<?> property : state.getProperties())
            properties.put(property.getName(), valueName(state, property));
        return BlockStates.key(BuiltInRegistries.BLOCK.getKey(state.getBlock()).toString(), properties);
    }

    private static <T extends Comparable<T>> String valueName(BlockState state, Property<T> property) {
        return property.getName(state.getValue(property));
    }
}

package dev.mcbridge.core;

import static org.junit.jupiter.api.Assertions.*;

import dev.mcbridge.core.Frames.*;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

class BlockStatesTest {
    @Test
    void propertiesAreSortedByName() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("powered", "false");
        p.put("facing", "west");
        p.put("half", "lower");
        assertEquals("minecraft:oak_door[facing=west,half=lower,powered=false]", BlockStates.key("minecraft:oak_door", p));
        assertEquals("minecraft:stone", BlockStates.key("stone", Map.of()));
    }

    @Test
    void aBoxIsReadXFastestThenZThenYWhicheverCornerComesFirst() {
        GameAdapter game = new GameAdapter() {
            public Executor gameThread() { return Runnable::run; }
            public void sendCommand(String c) {}
            public boolean isInWorld() { return true; }
            public String serverAddress() { return null; }
            public String playerName() { return null; }
            public String minecraftVersion() { return "1.21.4"; }
            public Position position() { return null; }
            public String readBlockState(int x, int y, int z) { return x == 1 && y == 1 && z == 1 ? null : "b" + x + y + z; }
        };
        List<String> states = BlockStates.read(new ReadBlocks(1, new BlockPos(1, 1, 1), new BlockPos(0, 0, 0)), game);
        assertEquals(List.of("b000", "b100", "b001", "b101", "b010", "b110", "b011", "unloaded"), states);
        assertEquals(8, new ReadBlocks(1, new BlockPos(1, 1, 1), new BlockPos(0, 0, 0)).volume());
    }
}

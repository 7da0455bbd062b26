package dev.mcbridge.core;

import static org.junit.jupiter.api.Assertions.*;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BridgeModTest {
    @Test
    void aConfigProblemDisablesTheBridgeWithOneWarningNamingIt() {
        List<String> warnings = new ArrayList<>();
        BridgeMod mod = BridgeMod.start(() -> {
            throw new BridgeConfig.ConfigException("no bridge token at /home/steve/.config/mcbridge/bridge-token", null);
        }, new CommandQueueTest.RecordingGame(), "0.1.0", line -> {}, warnings::add);
        assertNull(mod);
        assertEquals(List.of("mcbridge bridge disabled: no bridge token at /home/steve/.config/mcbridge/bridge-token"), warnings);
    }

    @Test
    void aStartedBridgeRoutesGameLinesThroughTheChatHookAndHidesFences() throws Exception {
        List<String> log = new ArrayList<>();
        // nothing listens on port 1: the bridge keeps retrying in the background; lines are dropped, not thrown
        BridgeConfig config = new BridgeConfig(URI.create("ws://127.0.0.1:1"), "k3Xq9v0W2mJt7bYpLr4sZa8e", "default");
        try (BridgeMod mod = BridgeMod.start(() -> config, new CommandQueueTest.RecordingGame(), "0.1.0", log::add, log::add)) {
            assertNotNull(mod);
            assertFalse(mod.allowGame(() -> "{\"translate\":\"mcbridge.fence\",\"with\":[\"x:0\"]}", false));
            assertTrue(mod.allowGame(() -> "{\"text\":\"hello\"}", false));
            assertTrue(mod.allowGame(() -> {
                throw new IllegalStateException("not connected");
            }, false));
            for (int i = 0; i < BridgeMod.STATE_EVERY_TICKS * 3; i++) mod.onTick();
            assertNull(mod.onJoin(), "a bridge that is still trying has nothing to tell the player");
            mod.onDisconnect();
        }
    }
}

package dev.mcbridge.core;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BridgeConfigTest {
    @TempDir Path tmp;
    static final String TOKEN = "k3Xq9v0W2mJt7bYpLr4sZa8e";

    private Path writeToken(Path base, String content) throws IOException {
        Path f = base.resolve("mcbridge").resolve("bridge-token");
        Files.createDirectories(f.getParent());
        Files.writeString(f, content);
        return f;
    }

    @Test
    void defaultsReadTheTokenFileTheCompanionWritesUnderHome() throws Exception {
        writeToken(tmp.resolve(".config"), TOKEN + "\n");
        BridgeConfig c = BridgeConfig.load(Map.of(), tmp, null);
        assertEquals("ws://127.0.0.1:25580", c.url().toString());
        assertEquals(TOKEN, c.token());
        assertEquals("default", c.name());
    }

    @Test
    void xdgConfigHomeWinsOverHome() throws Exception {
        Path xdg = tmp.resolve("xdg");
        writeToken(xdg, "  " + TOKEN + "  \n");
        assertEquals(xdg.resolve("mcbridge/bridge-token"), BridgeConfig.defaultTokenPath(Map.of("XDG_CONFIG_HOME", xdg.toString()), tmp));
        assertEquals(TOKEN, BridgeConfig.load(Map.of("XDG_CONFIG_HOME", xdg.toString()), tmp, null).token());
    }

    @Test
    void environmentGivesTokenUrlAndName() throws Exception {
        BridgeConfig c = BridgeConfig.load(
                Map.of("MCBRIDGE_BRIDGE_TOKEN", TOKEN, "MCBRIDGE_BRIDGE_URL", "ws://127.0.0.1:4000", "MCBRIDGE_BRIDGE_NAME", "creative"),
                tmp, null);
        assertEquals(TOKEN, c.token());
        assertEquals(4000, c.url().getPort());
        assertEquals("creative", c.name());
    }

    @Test
    void propertiesFileWinsOverEnvironmentAndMayNameATokenFile() throws Exception {
        Path token = tmp.resolve("elsewhere-token");
        Files.writeString(token, TOKEN);
        Path props = tmp.resolve("mcbridge.properties");
        Files.writeString(props, "url=ws://127.0.0.1:4100\nname=survival\ntokenFile=" + token.toString().replace("\\", "\\\\") + "\n");
        BridgeConfig c = BridgeConfig.load(Map.of("MCBRIDGE_BRIDGE_URL", "ws://127.0.0.1:1"), tmp, props);
        assertEquals(4100, c.url().getPort());
        assertEquals("survival", c.name());
        assertEquals(TOKEN, c.token());
    }

    @Test
    void aMissingTokenFileSaysHowToGetOne() {
        BridgeConfig.ConfigException e = assertThrows(BridgeConfig.ConfigException.class, () -> BridgeConfig.load(Map.of(), tmp, null));
        assertTrue(e.getMessage().contains("mcbridge serve --bridge"), e.getMessage());
        assertTrue(e.getMessage().contains(tmp.resolve(".config/mcbridge/bridge-token").toString()), e.getMessage());
    }

    @Test
    void aShortTokenIsRefused() throws Exception {
        writeToken(tmp.resolve(".config"), "short\n");
        assertThrows(BridgeConfig.ConfigException.class, () -> BridgeConfig.load(Map.of(), tmp, null));
    }

    @Test
    void onlyWebSocketUrls() {
        BridgeConfig.ConfigException e = assertThrows(BridgeConfig.ConfigException.class,
                () -> BridgeConfig.load(Map.of("MCBRIDGE_BRIDGE_TOKEN", TOKEN, "MCBRIDGE_BRIDGE_URL", "http://127.0.0.1:25580"), tmp, null));
        assertTrue(e.getMessage().contains("ws://"));
    }

    @Test
    void toStringNeverShowsTheToken() throws Exception {
        BridgeConfig c = BridgeConfig.load(Map.of("MCBRIDGE_BRIDGE_TOKEN", TOKEN), tmp, null);
        assertFalse(c.toString().contains(TOKEN));
    }
}

package dev.mcbridge.gametest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import net.fabricmc.fabric.api.client.gametest.v1.FabricClientGameTest;
import net.fabricmc.fabric.api.client.gametest.v1.context.ClientGameTestContext;
import net.fabricmc.fabric.api.client.gametest.v1.context.TestDedicatedServerContext;
import net.fabricmc.fabric.api.client.gametest.v1.context.TestServerConnection;

/**
 * The real client with the mod, against a real (in-process, dedicated) server, driven by the real companion.
 * The companion side is mod-bridge/gametest/companion.ts, started by .github/workflows/mod.yml before this run:
 * it listens for the mod on the bridge port, and once this test writes {@code ready} (the server's address) it
 * runs one batch through the mod and the same batch through a mineflayer bot on the same server, compares the
 * per-command statuses and writes {@code done} ("PASS" or "FAIL: …"). This test then passes or fails with it.
 * The exchange folder is {@code -Dmcbridge.gametest.dir} (set by the Gradle run config).
 *
 * <p>API read from FabricMC/fabric-api fabric-client-gametest-api-v1 (26.1 branch): FabricClientGameTest,
 * context.ClientGameTestContext (worldBuilder, waitFor), world.TestWorldBuilder.createServer(Properties),
 * context.TestDedicatedServerContext (runCommand, connect), context.TestServerConnection.getClientLevel().
 */
public final class BridgeClientGameTest implements FabricClientGameTest {
    /** how long the companion may take for both batches, in client ticks (3 minutes) */
    private static final int COMPANION_TICKS = 20 * 180;
    /** the companion's mineflayer bot (companion.ts BOT): a name no real account is likely to hold */
    private static final String BOT = "mcb_gametest_bot";

    @Override
    public void runTest(ClientGameTestContext context) {
        Path dir = Path.of(System.getProperty("mcbridge.gametest.dir", "mcbridge-gametest")).toAbsolutePath();
        String port = System.getProperty("mcbridge.gametest.port", "25570");
        Properties server = new Properties();
        // the mineflayer bot joins without a Microsoft account; operators skip the spam kick
        server.setProperty("online-mode", "false");
        server.setProperty("server-port", port);
        try (TestDedicatedServerContext dedicated = context.worldBuilder().createServer(server)) {
            try (TestServerConnection connection = dedicated.connect()) {
                connection.getClientLevel().waitForChunksRender();
                // after the join, so that `op` finds the client's own (offline) profile in the server's name
                // cache; the bot has not joined yet and gets the offline profile of its name (offline mode)
                dedicated.runCommand("op Player0");
                dedicated.runCommand("op " + BOT);
                write(dir.resolve("ready"), "127.0.0.1:" + port);
                context.waitFor(client -> Files.exists(dir.resolve("done")), COMPANION_TICKS);
                String verdict = read(dir.resolve("done"));
                if (!verdict.startsWith("PASS")) throw new AssertionError("companion: " + verdict);
            }
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

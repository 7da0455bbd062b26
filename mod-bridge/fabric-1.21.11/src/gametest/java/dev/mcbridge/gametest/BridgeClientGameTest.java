package dev.mcbridge.gametest;

import dev.mcbridge.core.Fences;
import dev.mcbridge.fabric.McbridgeClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import net.fabricmc.fabric.api.client.gametest.v1.FabricClientGameTest;
import net.fabricmc.fabric.api.client.gametest.v1.context.ClientGameTestContext;
import net.fabricmc.fabric.api.client.gametest.v1.context.TestDedicatedServerContext;
import net.fabricmc.fabric.api.client.gametest.v1.context.TestServerConnection;
import net.minecraft.client.Minecraft;
import net.minecraft.client.gui.components.ChatComponent;
import net.minecraft.client.GuiMessage;

/**
 * The real client with the mod, against a real (in-process, dedicated) server, driven by the real companion.
 * The companion side is mod-bridge/gametest/companion.ts, started by .github/workflows/mod.yml before this run:
 * it listens for the mod on the bridge port, and once this test writes {@code ready} (the server's address) it
 * runs one batch through the mod (and the same batch through a mineflayer bot on the same server), checks the
 * per-command statuses, places a block and reads it back through the mod's {@code read_blocks}, and writes
 * {@code done} ("PASS" or "FAIL: …"). This test then passes or fails with it, and checks itself that no fence
 * line reached the chat window. The exchange folder is {@code -Dmcbridge.gametest.dir} (set by the Gradle run
 * config).
 *
 * <p>API read from FabricMC/fabric-api fabric-client-gametest-api-v1 (Mojang-named sources, the files listed in
 * api-check/fabric-api/1.21.11.tsv): FabricClientGameTest, context.ClientGameTestContext (worldBuilder, waitFor,
 * computeOnClient), world.TestWorldBuilder.createServer(Properties), context.TestDedicatedServerContext
 * (runCommand, connect), context.TestServerConnection.getClientLevel(). GuiMessage is still
 * {@code net.minecraft.client.GuiMessage} in 1.21.11 (26.1 moved it).
 */
public final class BridgeClientGameTest implements FabricClientGameTest {
    /** how long the companion may take for both batches and the block read, in client ticks (3 minutes) */
    private static final int COMPANION_TICKS = 20 * 180;
    /** the companion's mineflayer bot (companion.ts BOT): a name no real account is likely to hold */
    private static final String BOT = "mcb_gametest_bot";
    /** a line of the batch that must be in the chat window (companion.ts BATCH: `say mcbridge gametest`) */
    private static final String SAID = "mcbridge gametest";

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
                List<String> chat = context.computeOnClient(BridgeClientGameTest::chatLines);
                write(dir.resolve("chat.jsonl"), String.join("\n", chat) + "\n");
                if (!verdict.startsWith("PASS")) throw new AssertionError("companion: " + verdict);
                assertNoFence(chat);
            }
        }
    }

    /**
     * Every line the chat window holds (newest first), as the JSON the mod forwards. ChatComponent keeps them in
     * a private list, {@code allMessages}, with no getter (its public {@code storeState()} copies them into a
     * {@code State} whose field is private too), so this reads the field by reflection: a rename fails the run.
     */
    @SuppressWarnings("unchecked")
    private static List<String> chatLines(Minecraft client) {
        List<GuiMessage> messages;
        try {
            Field field = ChatComponent.class.getDeclaredField("allMessages");
            field.setAccessible(true);
            messages = (List<GuiMessage>) field.get(client.gui.getChat());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("cannot read the chat window's lines (ChatComponent.allMessages)", e);
        }
        List<String> lines = new ArrayList<>();
        for (GuiMessage message : messages) lines.add(McbridgeClient.toJson(client, message.content()));
        return lines;
    }

    /** No line of the chat window is a fence (core's Fences, which the mod's chat hook asks too). */
    private static void assertNoFence(List<String> chat) {
        // an empty window would pass for the wrong reason: the batch's `say` line proves the lines were read
        if (chat.stream().noneMatch(line -> line.contains(SAID)))
            throw new AssertionError("the chat window does not hold the batch's `say` line: " + chat);
        List<String> fences = chat.stream().filter(Fences::hideFromChat).toList();
        if (!fences.isEmpty()) throw new AssertionError("fence lines reached the chat window: " + fences);
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

package dev.mcbridge.gametest;

import dev.mcbridge.core.Fences;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * The half of every adapter's client gametest that no Minecraft version changes: the exchange with the
 * companion (mod-bridge/gametest/companion.ts) through a shared folder, the dedicated server's settings, and
 * the verdict. Each adapter's {@code BridgeClientGameTest} keeps only what its version spells differently
 * (how the connection names the client's level, where the chat window lives, GuiMessage's package).
 *
 * <p>The exchange: the gametest writes {@code ready} (the server's address) once the client has joined and the
 * two players are operators; the companion runs its batch through the mod (and the bot), places and reads back
 * a block, and writes {@code done}, whose first line is "PASS" or "FAIL: …". The gametest then writes the chat
 * window's lines to {@code chat.jsonl} (for the run's artifacts) and checks that no fence line is among them.
 *
 * <p>The folder is {@code -Dmcbridge.gametest.dir} and the port {@code -Dmcbridge.gametest.port}, set by each
 * adapter's Gradle run config (clientGameTest) from MCBRIDGE_GAMETEST_DIR and MCBRIDGE_GAMETEST_PORT.
 * Compiled into each adapter's gametest source set (its build.gradle adds this folder), type-checked with each
 * adapter by api-check/check.sh, and unit-tested by core/test.sh.
 */
public final class CompanionExchange {
    /** how long the companion may take for both batches and the block read, in client ticks (3 minutes) */
    public static final int COMPANION_TICKS = 20 * 180;
    /** the companion's mineflayer bot (companion.ts BOT): a name no real account is likely to hold */
    public static final String BOT = "mcb_gametest_bot";
    /** a line of the batch that must be in the chat window (companion.ts BATCH: `say mcbridge gametest`) */
    public static final String SAID = "mcbridge gametest";
    /** the field of ChatComponent that holds the window's lines; no version has a getter for it */
    public static final String CHAT_LINES_FIELD = "allMessages";

    private final Path dir;
    private final String port;

    public CompanionExchange(Path dir, String port) {
        this.dir = dir.toAbsolutePath();
        this.port = port;
    }

    /** The folder and port the Gradle run config passes, with the companion's defaults. */
    public static CompanionExchange fromSystemProperties() {
        return new CompanionExchange(
                Path.of(System.getProperty("mcbridge.gametest.dir", "mcbridge-gametest")),
                System.getProperty("mcbridge.gametest.port", "25570"));
    }

    /** The dedicated server's properties: on the companion's port, and offline so the bot joins without an account. */
    public Properties serverProperties() {
        Properties server = new Properties();
        server.setProperty("online-mode", "false");
        server.setProperty("server-port", port);
        return server;
    }

    /**
     * The server commands to run after the client has joined: operators skip the spam kick. After the join, so
     * that {@code op} finds the client's own (offline) profile in the server's name cache; the bot has not joined
     * yet and gets the offline profile of its name.
     */
    public List<String> operatorCommands() {
        return List.of("op Player0", "op " + BOT);
    }

    /** Tells the companion the server is up: writes {@code ready} with the address it should join. */
    public void signalReady() {
        write(dir.resolve("ready"), "127.0.0.1:" + port);
    }

    /** Whether the companion has written its verdict. */
    public boolean companionDone() {
        return Files.exists(dir.resolve("done"));
    }

    /**
     * Ends the test: keeps the chat window's lines (JSON, newest first) beside the verdict, fails with the
     * companion's verdict unless it passed, then fails if a fence line reached the window.
     */
    public void finish(List<String> chatLines) {
        write(dir.resolve("chat.jsonl"), String.join("\n", chatLines) + "\n");
        String verdict = read(dir.resolve("done"));
        if (!verdict.startsWith("PASS")) throw new AssertionError("companion: " + verdict);
        assertNoFence(chatLines);
    }

    /** No line of the chat window is a fence (core's Fences, which the mod's chat hook asks too). */
    public static void assertNoFence(List<String> chatLines) {
        // an empty window would pass for the wrong reason: the batch's `say` line proves the lines were read
        if (chatLines.stream().noneMatch(line -> line.contains(SAID)))
            throw new AssertionError("the chat window does not hold the batch's `say` line: " + chatLines);
        List<String> fences = chatLines.stream().filter(Fences::hideFromChat).toList();
        if (!fences.isEmpty()) throw new AssertionError("fence lines reached the chat window: " + fences);
    }

    /**
     * The lines a ChatComponent holds (its private {@code allMessages}, newest first), read by reflection: a
     * rename fails the run with this field's name rather than passing on an empty list.
     */
    public static List<?> chatWindowLines(Object chatComponent) {
        // the field is ChatComponent's own; start at the object's class in case a mod subclassed it
        for (Class<?> type = chatComponent.getClass(); type != null; type = type.getSuperclass()) {
            try {
                Field field = type.getDeclaredField(CHAT_LINES_FIELD);
                field.setAccessible(true);
                if (field.get(chatComponent) instanceof List<?> lines) return lines;
                break;
            } catch (NoSuchFieldException e) {
                // not declared here: look in the superclass
            } catch (IllegalAccessException e) {
                throw new AssertionError("cannot read " + type.getName() + "." + CHAT_LINES_FIELD, e);
            }
        }
        throw new AssertionError("cannot read the chat window's lines: no list field " + CHAT_LINES_FIELD + " in "
                + chatComponent.getClass().getName() + " or its superclasses");
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

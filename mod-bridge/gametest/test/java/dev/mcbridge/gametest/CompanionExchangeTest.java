package dev.mcbridge.gametest;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client gametests' version-free half, without Minecraft: the exchange folder, the verdict, the fence check
 * and the reflective read of the chat window. The chat window here is a stand-in class with the same private
 * field the game's ChatComponent has ({@code allMessages}); the real one is read only in the real client, on
 * GitHub's runner (mod.yml).
 */
class CompanionExchangeTest {
    private static final String SAY = "{\"translate\":\"chat.type.announcement\",\"with\":[\"Player0\",\"mcbridge gametest\"]}";
    private static final String FENCE = "{\"translate\":\"mcbridge.fence\",\"with\":[\"9c1e44a0:0\"]}";
    private static final String APPLIED = "{\"translate\":\"commands.setblock.success\",\"with\":[1,2,3]}";

    @TempDir
    Path dir;

    @Test
    void serverIsOfflineOnTheGivenPortAndBothPlayersAreOpped() {
        CompanionExchange exchange = new CompanionExchange(dir, "25601");
        assertEquals("false", exchange.serverProperties().getProperty("online-mode"));
        assertEquals("25601", exchange.serverProperties().getProperty("server-port"));
        assertEquals(List.of("op Player0", "op " + CompanionExchange.BOT), exchange.operatorCommands());
    }

    @Test
    void readyCarriesTheAddressAndDoneIsSeenOnceWritten() throws Exception {
        CompanionExchange exchange = new CompanionExchange(dir.resolve("nested"), "25601");
        assertFalse(exchange.companionDone());
        exchange.signalReady();
        assertEquals("127.0.0.1:25601", Files.readString(dir.resolve("nested/ready")));
        Files.writeString(dir.resolve("nested/done"), "PASS\n");
        assertTrue(exchange.companionDone());
    }

    @Test
    void aPassingVerdictWithCleanChatPassesAndKeepsTheChat() throws Exception {
        CompanionExchange exchange = new CompanionExchange(dir, "25601");
        Files.writeString(dir.resolve("done"), "PASS\nsay applied\n");
        exchange.finish(List.of(APPLIED, SAY));
        assertEquals(APPLIED + "\n" + SAY + "\n", Files.readString(dir.resolve("chat.jsonl")));
    }

    @Test
    void aFailingVerdictFailsWithTheCompanionsWordsAndStillKeepsTheChat() throws Exception {
        CompanionExchange exchange = new CompanionExchange(dir, "25601");
        Files.writeString(dir.resolve("done"), "FAIL: setblock came back unknown\n");
        AssertionError error = assertThrows(AssertionError.class, () -> exchange.finish(List.of(SAY)));
        assertEquals("companion: FAIL: setblock came back unknown", error.getMessage());
        assertTrue(Files.exists(dir.resolve("chat.jsonl")));
    }

    @Test
    void aFenceLineInTheWindowFails() {
        AssertionError error =
                assertThrows(AssertionError.class, () -> CompanionExchange.assertNoFence(List.of(SAY, FENCE)));
        assertTrue(error.getMessage().contains("fence lines reached the chat window"), error.getMessage());
        assertTrue(error.getMessage().contains("9c1e44a0:0"), error.getMessage());
    }

    @Test
    void anEmptyOrUnreadWindowFailsInsteadOfPassingForTheWrongReason() {
        assertThrows(AssertionError.class, () -> CompanionExchange.assertNoFence(List.of()));
        AssertionError error =
                assertThrows(AssertionError.class, () -> CompanionExchange.assertNoFence(List.of(APPLIED)));
        assertTrue(error.getMessage().contains("`say` line"), error.getMessage());
    }

    /** the shape of the game's ChatComponent that matters here: a private list, no getter */
    static class ChatWindow {
        @SuppressWarnings("unused")
        private final List<String> allMessages = List.of("newest", "oldest");
    }

    static class ModdedChatWindow extends ChatWindow {}

    static class RenamedChatWindow {
        @SuppressWarnings("unused")
        private final List<String> messages = List.of("newest");
    }

    @Test
    void theWindowsLinesAreReadFromItsPrivateFieldAlsoThroughASubclass() {
        assertEquals(List.of("newest", "oldest"), CompanionExchange.chatWindowLines(new ChatWindow()));
        assertEquals(List.of("newest", "oldest"), CompanionExchange.chatWindowLines(new ModdedChatWindow()));
    }

    @Test
    void aRenamedFieldFailsWithItsName() {
        AssertionError error =
                assertThrows(AssertionError.class, () -> CompanionExchange.chatWindowLines(new RenamedChatWindow()));
        assertTrue(error.getMessage().contains("allMessages"), error.getMessage());
        assertTrue(error.getMessage().contains("RenamedChatWindow"), error.getMessage());
    }
}

package dev.mcbridge.core;

import static org.junit.jupiter.api.Assertions.*;

import dev.mcbridge.core.Frames.*;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CommandQueueTest {
    /** a game that records what it was asked to send */
    static final class RecordingGame implements GameAdapter {
        final List<String> sent = Collections.synchronizedList(new ArrayList<>());
        final ExecutorService thread = Executors.newSingleThreadExecutor();
        volatile boolean inWorld = true;
        volatile String failOn;

        public java.util.concurrent.Executor gameThread() { return thread; }
        public void sendCommand(String command) {
            if (command.equals(failOn)) throw new IllegalStateException("connection closed");
            sent.add(command);
        }
        public boolean isInWorld() { return inWorld; }
        public String serverAddress() { return "127.0.0.1:25565"; }
        public String playerName() { return "Steve"; }
        public String minecraftVersion() { return "1.21.4"; }
        public Position position() { return new Position(0, 64, 0, 0, 0); }
        public String readBlockState(int x, int y, int z) { return null; }

        void settle() throws InterruptedException {
            thread.shutdown();
            assertTrue(thread.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void commandsRunInArrivalOrderAndEachIsAnsweredWithItsSeq() throws InterruptedException {
        RecordingGame game = new RecordingGame();
        List<Frame> replies = Collections.synchronizedList(new ArrayList<>());
        CommandQueue q = new CommandQueue(game, replies::add);
        for (int i = 0; i < 500; i++) q.submit(new Run(i, "setblock " + i + " 64 0 minecraft:stone"));
        game.settle();
        assertEquals(500, game.sent.size());
        for (int i = 0; i < 500; i++) {
            assertEquals("setblock " + i + " 64 0 minecraft:stone", game.sent.get(i));
            assertEquals(new Sent(i), replies.get(i));
        }
    }

    @Test
    void submittedFromManyThreadsStillOneAtATimeInQueueOrder() throws InterruptedException {
        RecordingGame game = new RecordingGame();
        List<Frame> replies = Collections.synchronizedList(new ArrayList<>());
        CommandQueue q = new CommandQueue(game, replies::add);
        // the socket delivers frames one after another; a pool as "game thread" must not reorder them
        ExecutorService pool = Executors.newFixedThreadPool(4);
        GameAdapter pooled = new GameAdapter() {
            public java.util.concurrent.Executor gameThread() { return pool; }
            public void sendCommand(String c) { game.sendCommand(c); }
            public boolean isInWorld() { return true; }
            public String serverAddress() { return null; }
            public String playerName() { return null; }
            public String minecraftVersion() { return "1.21.4"; }
            public Position position() { return null; }
            public String readBlockState(int x, int y, int z) { return null; }
        };
        CommandQueue q2 = new CommandQueue(pooled, replies::add);
        for (int i = 0; i < 300; i++) q2.submit(new Run(i, "c" + i));
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        for (int i = 0; i < 300; i++) {
            assertEquals("c" + i, game.sent.get(i));
            assertEquals(new Sent(i), replies.get(i));
        }
        game.settle();
        assertNotNull(q);
    }

    @Test
    void notInAWorldIsRefusedAndNothingIsSent() throws InterruptedException {
        RecordingGame game = new RecordingGame();
        game.inWorld = false;
        List<Frame> replies = new ArrayList<>();
        CommandQueue q = new CommandQueue(game, replies::add);
        q.submit(new Run(0, "say hi"));
        game.settle();
        assertEquals(List.of(new Refused(0, "not in a world")), replies);
        assertTrue(game.sent.isEmpty());
    }

    @Test
    void aCommandTheGameCannotSendIsRefusedAndTheNextStillRuns() throws InterruptedException {
        RecordingGame game = new RecordingGame();
        game.failOn = "bad";
        List<Frame> replies = new ArrayList<>();
        CommandQueue q = new CommandQueue(game, replies::add);
        q.submit(new Run(0, "bad"));
        q.submit(new Run(1, "good"));
        game.settle();
        assertEquals(new Refused(0, "the game could not send it: connection closed"), replies.get(0));
        assertEquals(new Sent(1), replies.get(1));
        assertEquals(List.of("good"), game.sent);
    }

    @Test
    void aRepeatedSequenceNumberIsNotRunTwice() throws InterruptedException {
        RecordingGame game = new RecordingGame();
        List<Frame> replies = new ArrayList<>();
        CommandQueue q = new CommandQueue(game, replies::add);
        q.submit(new Run(0, "a"));
        q.submit(new Run(1, "b"));
        q.submit(new Run(1, "b"));
        q.submit(new Run(2, "c"));
        game.settle();
        assertEquals(List.of("a", "b", "c"), game.sent);
        assertEquals(new Refused(1, "duplicate sequence number (last was 1)"), replies.get(2));
    }

    @Test
    void exactlyOneLeadingSlashIsStrippedBeforeSending() throws InterruptedException {
        RecordingGame game = new RecordingGame();
        CommandQueue q = new CommandQueue(game, f -> {});
        q.submit(new Run(0, "/say hi"));
        q.submit(new Run(1, "//set stone"));
        q.submit(new Run(2, "time set day"));
        game.settle();
        assertEquals(List.of("say hi", "/set stone", "time set day"), game.sent);
    }
}

package dev.mcbridge.core;

import dev.mcbridge.core.Frames.Frame;
import dev.mcbridge.core.Frames.Refused;
import dev.mcbridge.core.Frames.Run;
import dev.mcbridge.core.Frames.Sent;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.function.Consumer;

/**
 * The commands of one session, run on the game thread in the order they arrived, each answered with
 * {@code sent} or {@code refused}. The server runs a player's command packets in order, so keeping our
 * order keeps the companion's fences meaningful.
 */
public final class CommandQueue {
    private final GameAdapter game;
    private final Consumer<Frame> reply;
    private final Queue<Run> pending = new ArrayDeque<>();
    private long lastSeq = -1;

    public CommandQueue(GameAdapter game, Consumer<Frame> reply) {
        this.game = game;
        this.reply = reply;
    }

    /** Called from the socket thread: queue the command and let the game thread drain the queue. */
    public void submit(Run run) {
        synchronized (pending) {
            pending.add(run);
        }
        game.gameThread().execute(this::drain);
    }

    /** Runs every queued command, oldest first (on the game thread; safe if the executor is not serial). */
    void drain() {
        synchronized (this) {
            while (true) {
                Run run;
                synchronized (pending) {
                    run = pending.poll();
                }
                if (run == null) return;
                reply.accept(runOne(run));
            }
        }
    }

    private Frame runOne(Run run) {
        // the companion numbers a session's commands 0, 1, 2…: a repeat must not run twice
        if (run.seq() <= lastSeq) return new Refused(run.seq(), "duplicate sequence number (last was " + lastSeq + ")");
        lastSeq = run.seq();
        if (!game.isInWorld()) return new Refused(run.seq(), "not in a world");
        try {
            game.sendCommand(Commands.forSending(run.command()));
        } catch (RuntimeException e) {
            return new Refused(run.seq(), "the game could not send it: " + e.getMessage());
        }
        return new Sent(run.seq());
    }
}

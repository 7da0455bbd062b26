package dev.mcbridge.core;

import java.util.function.DoubleSupplier;

/**
 * Reconnect delays: exponential from {@code baseMs}, capped at {@code capMs}, with jitter (each delay is
 * drawn from [delay/2, delay]) so that several games do not dial in lockstep. Reset after a welcome;
 * stopped for good when the companion says the token or the protocol is wrong.
 */
public final class Backoff {
    public static final long DEFAULT_BASE_MS = 500;
    public static final long DEFAULT_CAP_MS = 30_000;

    private final long baseMs;
    private final long capMs;
    private final DoubleSupplier random;
    private int attempt;
    private String stopReason;

    public Backoff() {
        this(DEFAULT_BASE_MS, DEFAULT_CAP_MS, Math::random);
    }

    /** @param random values in [0, 1); a constant 1.0 gives the delays without jitter */
    public Backoff(long baseMs, long capMs, DoubleSupplier random) {
        if (baseMs <= 0 || capMs < baseMs) throw new IllegalArgumentException("need 0 < baseMs <= capMs");
        this.baseMs = baseMs;
        this.capMs = capMs;
        this.random = random;
    }

    /** the delay before the next attempt, before jitter */
    public synchronized long ceilingMs() {
        // 2^attempt without overflow: the cap is reached long before 2^62
        long d = attempt >= 40 ? capMs : baseMs << attempt;
        return Math.min(capMs, d < 0 ? capMs : d);
    }

    /** The delay to wait before the next attempt; each call counts one attempt. */
    public synchronized long nextDelayMs() {
        if (stopReason != null) throw new IllegalStateException("stopped: " + stopReason);
        long ceiling = ceilingMs();
        attempt++;
        double r = Math.max(0, Math.min(1, random.getAsDouble()));
        return Math.round(ceiling / 2.0 + r * (ceiling / 2.0));
    }

    public synchronized int attempts() {
        return attempt;
    }

    /** after a successful connection */
    public synchronized void reset() {
        attempt = 0;
    }

    /** never retry again (wrong token, protocol mismatch, origin refused) */
    public synchronized void stop(String reason) {
        stopReason = reason;
    }

    public synchronized boolean isStopped() {
        return stopReason != null;
    }

    public synchronized String stopReason() {
        return stopReason;
    }

    /** Close codes and error codes after which dialling again cannot help. */
    public static boolean isFatal(int closeCode) {
        return closeCode == Frames.CLOSE_BAD_TOKEN
                || closeCode == Frames.CLOSE_PROTOCOL_MISMATCH
                || closeCode == Frames.CLOSE_ORIGIN_REFUSED;
    }

    public static boolean isFatal(String errorCode) {
        return "bad_token".equals(errorCode) || "protocol_mismatch".equals(errorCode);
    }
}

package dev.mcbridge.core;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BackoffTest {
    @Test
    void doublesFromTheBaseUpToTheCapWithoutJitter() {
        Backoff b = new Backoff(500, 30_000, () -> 1.0);
        List<Long> delays = new ArrayList<>();
        for (int i = 0; i < 10; i++) delays.add(b.nextDelayMs());
        assertEquals(List.of(500L, 1000L, 2000L, 4000L, 8000L, 16000L, 30000L, 30000L, 30000L, 30000L), delays);
    }

    @Test
    void jitterStaysBetweenHalfAndAllOfTheCeiling() {
        Random r = new Random(42);
        Backoff b = new Backoff(500, 30_000, r::nextDouble);
        for (int i = 0; i < 200; i++) {
            long ceiling = b.ceilingMs();
            long d = b.nextDelayMs();
            assertTrue(d >= ceiling / 2 && d <= ceiling, d + " outside [" + ceiling / 2 + ", " + ceiling + "]");
        }
        assertEquals(30_000, b.ceilingMs());
    }

    @Test
    void neverOverflowsAfterManyAttempts() {
        Backoff b = new Backoff(500, 30_000, () -> 1.0);
        for (int i = 0; i < 10_000; i++) assertEquals(Math.min(30_000, i < 7 ? 500L << i : 30_000), b.nextDelayMs());
    }

    @Test
    void resetStartsOverAfterAWelcome() {
        Backoff b = new Backoff(100, 1000, () -> 1.0);
        b.nextDelayMs();
        b.nextDelayMs();
        b.reset();
        assertEquals(100, b.nextDelayMs());
    }

    @Test
    void stoppedMeansNoMoreAttempts() {
        Backoff b = new Backoff();
        b.stop("wrong token");
        assertTrue(b.isStopped());
        assertEquals("wrong token", b.stopReason());
        assertThrows(IllegalStateException.class, b::nextDelayMs);
    }

    @ParameterizedTest
    @CsvSource({"4001,true", "4002,true", "4003,true", "4000,false", "4008,false", "4009,false", "1000,false", "1006,false"})
    void fatalCloseCodes(int code, boolean fatal) {
        assertEquals(fatal, Backoff.isFatal(code));
    }

    @ParameterizedTest
    @CsvSource({"bad_token,true", "protocol_mismatch,true", "name_in_use,false", "bad_message,false", "internal,false"})
    void fatalErrorCodes(String code, boolean fatal) {
        assertEquals(fatal, Backoff.isFatal(code));
    }
}

package dev.mcbridge.core;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ChatHookTest {
    private static final String FENCE = "{\"translate\":\"mcbridge.fence\",\"with\":[\"b1:0\"]}";
    private static final String LINE = "{\"translate\":\"commands.setblock.success\",\"with\":[1,2,3]}";

    private final List<String> forwarded = new ArrayList<>();
    private final List<String> logged = new ArrayList<>();
    private final ChatHook hook = new ChatHook((json, overlay) -> forwarded.add(json + (overlay ? " overlay" : "")), logged::add);

    @Test
    void aGameLineIsForwardedAndShown() {
        assertTrue(hook.allowGame(() -> LINE, false));
        assertEquals(List.of(LINE), forwarded);
    }

    @Test
    void aFenceIsForwardedButHidden() {
        assertFalse(hook.allowGame(() -> FENCE, false));
        assertEquals(List.of(FENCE), forwarded);
    }

    @Test
    void anOverlayLineKeepsItsFlag() {
        assertTrue(hook.allowGame(() -> LINE, true));
        assertEquals(List.of(LINE + " overlay"), forwarded);
    }

    @Test
    void aSerialiserThatThrowsNeitherEscapesNorHidesTheLine() {
        boolean shown = hook.allowGame(() -> {
            throw new IllegalStateException("no registries");
        }, false);
        assertTrue(shown, "the player still sees the line");
        assertTrue(forwarded.isEmpty());
        assertEquals(1, logged.size());
        assertTrue(logged.get(0).contains("no registries"), logged.get(0));
    }

    @Test
    void aForwarderThatThrowsNeitherEscapesNorHidesTheLine() {
        ChatHook broken = new ChatHook((json, overlay) -> {
            throw new IllegalStateException("socket gone");
        }, logged::add);
        assertTrue(broken.allowGame(() -> FENCE, false), "when forwarding failed, even a fence stays visible");
        assertTrue(logged.get(0).contains("socket gone"));
    }

    @Test
    void aLoggerThatThrowsDoesNotEscapeEither() {
        ChatHook noisy = new ChatHook((json, overlay) -> {
            throw new IllegalStateException("socket gone");
        }, line -> {
            throw new IllegalStateException("logger broken");
        });
        assertTrue(noisy.allowGame(() -> LINE, false));
        noisy.onChat(() -> LINE, null, UUID.randomUUID());
    }

    @Test
    void ownChatAndDisguisedChatAreForwardedOtherPlayersChatIsNot() {
        UUID me = UUID.randomUUID();
        hook.onChat(() -> "{\"text\":\"mine\"}", me, me);
        hook.onChat(() -> "{\"text\":\"disguised\"}", null, me);
        hook.onChat(() -> "{\"text\":\"theirs\"}", UUID.randomUUID(), me);
        assertEquals(List.of("{\"text\":\"mine\"}", "{\"text\":\"disguised\"}"), forwarded);
    }

    @Test
    void aChatSerialiserThatThrowsIsLoggedNotThrown() {
        hook.onChat(() -> {
            throw new IllegalStateException("boom");
        }, null, UUID.randomUUID());
        assertTrue(forwarded.isEmpty());
        assertTrue(logged.get(0).contains("boom"));
    }
}

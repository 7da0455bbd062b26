package dev.mcbridge.core;

import static org.junit.jupiter.api.Assertions.*;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The shared vectors (mod-bridge/protocol/vectors), read by test/bridge/vectors.test.ts too. */
class VectorsTest {
    static Path dir() {
        String p = System.getProperty("mcbridge.vectors");
        Path d = p != null ? Path.of(p) : Path.of("../protocol/vectors");
        assertTrue(Files.isDirectory(d), "vectors not found at " + d.toAbsolutePath() + " (set -Dmcbridge.vectors)");
        return d;
    }

    static List<Path> jsonFiles(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
    }

    static JsonObject read(Path f) throws IOException {
        return JsonParser.parseString(Files.readString(f)).getAsJsonObject();
    }

    static Frames.Frame parse(String direction, String text) throws ProtocolException {
        return switch (direction) {
            case "mod_to_companion" -> Codec.parseFromMod(text);
            case "companion_to_mod" -> Codec.parseFromCompanion(text);
            default -> throw new IllegalArgumentException(direction);
        };
    }

    @Test
    void oneFilePerFrameKind() throws IOException {
        List<String> names = jsonFiles(dir()).stream().map(f -> f.getFileName().toString()).toList();
        assertEquals(
                List.of("blocks.json", "error.json", "hello.json", "message.json", "ping.json", "pong.json",
                        "read_blocks.json", "refused.json", "run.json", "sent.json", "state.json", "welcome.json"),
                names);
    }

    @TestFactory
    List<DynamicTest> everyValidVectorParsesAndReserialisesUnchanged() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path f : jsonFiles(dir())) {
            JsonObject file = read(f);
            String kind = file.get("kind").getAsString();
            for (JsonElement dir : file.getAsJsonArray("directions")) {
                int i = 0;
                for (JsonElement example : file.getAsJsonArray("examples")) {
                    String name = kind + " #" + i++ + " " + dir.getAsString();
                    tests.add(DynamicTest.dynamicTest(name, () -> {
                        Frames.Frame frame = parse(dir.getAsString(), example.toString());
                        assertEquals(kind, frame.type());
                        JsonElement again = JsonParser.parseString(Codec.serialize(frame));
                        assertEquals(example, again, "re-serialised " + name);
                        assertEquals(frame, parse(dir.getAsString(), Codec.serialize(frame)));
                    }));
                }
            }
        }
        assertTrue(tests.size() >= 12);
        return tests;
    }

    @TestFactory
    List<DynamicTest> everyInvalidVectorIsRejected() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path f : jsonFiles(dir().resolve("invalid"))) {
            JsonObject v = read(f);
            tests.add(DynamicTest.dynamicTest(f.getFileName() + ": " + v.get("why").getAsString(), () ->
                    assertThrows(ProtocolException.class,
                            () -> parse(v.get("direction").getAsString(), v.get("frame").toString()))));
        }
        assertTrue(tests.size() >= 10);
        return tests;
    }

    @Test
    void notJsonIsRejected() {
        assertThrows(ProtocolException.class, () -> Codec.parseFromCompanion("{\"type\":"));
    }

    @Test
    void unknownFieldsAreIgnoredAndHelloNameDefaults() throws ProtocolException {
        Frames.Frame f = Codec.parseFromMod(
                "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"client\":{\"kind\":\"fabric-mod\",\"version\":\"1\",\"minecraft\":\"1.21.4\"},\"extra\":true}");
        assertEquals("default", ((Frames.Hello) f).name());
    }

    @Test
    void largeTimestampsStayIntegers() {
        assertEquals("{\"type\":\"pong\",\"t\":1732270000000}", Codec.serialize(new Frames.Pong(1732270000000d)));
        assertEquals("{\"type\":\"pong\",\"t\":1.5}", Codec.serialize(new Frames.Pong(1.5)));
    }
}

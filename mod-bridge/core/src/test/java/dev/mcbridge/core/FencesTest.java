package dev.mcbridge.core;

import static org.junit.jupiter.api.Assertions.*;

import com.google.gson.JsonParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FencesTest {
    @ParameterizedTest(name = "{0} → hidden {1}")
    @CsvSource(delimiter = '|', value = {
        "{\"translate\":\"mcbridge.fence\",\"with\":[\"9c1e44a0:0\"]} | true",
        "{\"translate\":\"mcbridge.fence\",\"with\":[{\"text\":\"ab:3\"}]} | true",
        "{\"translate\":\"mcbridge.fence\"} | true",
        "{\"translate\":\"commands.setblock.success\",\"with\":[1,2,3]} | false",
        "{\"text\":\"\",\"color\":\"red\",\"extra\":[{\"translate\":\"mcbridge.fence\"}]} | false",
        "{\"text\":\"mcbridge.fence\"} | false",
        "{\"translate\":7} | false",
        "\"mcbridge.fence\" | false",
        "[{\"translate\":\"mcbridge.fence\"}] | false",
        "not json at all { | false",
    })
    void hidesOnlyFenceLines(String json, boolean hidden) {
        assertEquals(hidden, Fences.hideFromChat(json));
        assertEquals(hidden, BridgeClient.hideFromChat(json));
        if (!json.startsWith("not json")) assertEquals(hidden, Fences.isFence(JsonParser.parseString(json)));
    }
}

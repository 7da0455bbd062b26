// API-check stub: signatures only, no behaviour. Never compiled into the mod (Loom puts the real library on
// the classpath). Checked against Mojang/DataFixerUpper src/main/java/com/mojang/serialization/JsonOps.java.
package com.mojang.serialization;

import com.google.gson.JsonElement;

public class JsonOps implements DynamicOps<JsonElement> {
    public static final JsonOps INSTANCE = new JsonOps();

    protected JsonOps() {}
}

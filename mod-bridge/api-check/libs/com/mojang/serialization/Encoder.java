// API-check stub: signatures only, no behaviour. Never compiled into the mod (Loom puts the real library on
// the classpath). Checked against Mojang/DataFixerUpper src/main/java/com/mojang/serialization/Encoder.java.
package com.mojang.serialization;

public interface Encoder<A> {
    default <T> DataResult<T> encodeStart(DynamicOps<T> ops, A input) {
        throw new UnsupportedOperationException("stub");
    }
}

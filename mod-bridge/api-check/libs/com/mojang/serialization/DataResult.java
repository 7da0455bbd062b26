// API-check stub: signatures only, no behaviour. Never compiled into the mod (Loom puts the real library on
// the classpath). Checked against Mojang/DataFixerUpper src/main/java/com/mojang/serialization/DataResult.java (DFU 8, MC 1.20.5+).
package com.mojang.serialization;

import java.util.function.Function;

public interface DataResult<R> {
    <E extends Throwable> R getOrThrow(Function<String, E> exceptionSupplier) throws E;
}

// API-check stub: signatures only, no behaviour. Never compiled into the mod (Loom puts the real library on
// the classpath). Checked against Mojang/DataFixerUpper src/main/java/com/mojang/serialization/Codec.java.
package com.mojang.serialization;

public interface Codec<A> extends Encoder<A>, Decoder<A> {}

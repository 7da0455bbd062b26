// API-check stub: signatures only, no behaviour. Never compiled into the mod (Loom puts the real library on
// the classpath). Checked against the SLF4J API (org.slf4j.Logger) that Minecraft ships.
package org.slf4j;

public interface Logger {
    void info(String msg);

    void warn(String msg);
}

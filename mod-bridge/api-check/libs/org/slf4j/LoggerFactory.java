// API-check stub: signatures only, no behaviour. Never compiled into the mod (Loom puts the real library on
// the classpath). Checked against the SLF4J API (org.slf4j.LoggerFactory).
package org.slf4j;

public final class LoggerFactory {
    private LoggerFactory() {}

    public static Logger getLogger(String name) {
        throw new UnsupportedOperationException("stub");
    }
}

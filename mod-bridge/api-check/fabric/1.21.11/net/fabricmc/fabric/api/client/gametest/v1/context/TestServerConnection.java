// Generated from Fabric API's source, the files listed in api-check/fabric-api/1.21.11.tsv:
// only the signatures the adapters use (bodies throw). Do not edit; regenerate.
package net.fabricmc.fabric.api.client.gametest.v1.context;

public interface TestServerConnection extends java.lang.AutoCloseable {
    net.fabricmc.fabric.api.client.gametest.v1.context.TestClientLevelContext getClientLevel();
    void close();
}

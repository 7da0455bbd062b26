// Generated from Fabric API's source, the files listed in api-check/fabric-api/1.21.4.tsv:
// only the signatures the adapters use (bodies throw). Do not edit; regenerate.
package net.fabricmc.fabric.api.client.gametest.v1.world;

public interface TestWorldBuilder {
    net.fabricmc.fabric.api.client.gametest.v1.context.TestDedicatedServerContext createServer(java.util.Properties arg0);
}

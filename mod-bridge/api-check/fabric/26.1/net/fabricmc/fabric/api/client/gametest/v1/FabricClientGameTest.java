// Generated from Fabric API's source, the files listed in api-check/fabric-api/26.1.tsv:
// only the signatures the adapters use (bodies throw). Do not edit; regenerate.
package net.fabricmc.fabric.api.client.gametest.v1;

public interface FabricClientGameTest {
    void runTest(net.fabricmc.fabric.api.client.gametest.v1.context.ClientGameTestContext arg0);
}

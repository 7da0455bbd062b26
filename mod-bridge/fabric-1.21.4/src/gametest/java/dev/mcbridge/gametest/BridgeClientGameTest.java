package dev.mcbridge.gametest;

import dev.mcbridge.fabric.McbridgeClient;
import java.util.ArrayList;
import java.util.List;
import net.fabricmc.fabric.api.client.gametest.v1.FabricClientGameTest;
import net.fabricmc.fabric.api.client.gametest.v1.context.ClientGameTestContext;
import net.fabricmc.fabric.api.client.gametest.v1.context.TestDedicatedServerContext;
import net.fabricmc.fabric.api.client.gametest.v1.context.TestServerConnection;
import net.minecraft.client.Minecraft;
import net.minecraft.client.gui.components.ChatComponent;
import net.minecraft.client.GuiMessage;

/**
 * The real client with the mod, against a real (in-process, dedicated) server, driven by the real companion
 * (mod-bridge/gametest/companion.ts, started by .github/workflows/mod.yml before this run). Once the client
 * has joined, the companion runs one batch through the mod (and through a mineflayer bot on the same server),
 * checks the per-command statuses, places a block and reads it back through the mod's {@code read_blocks},
 * and gives its verdict; this test then passes or fails with it, and checks itself that no fence line reached
 * the chat window. The exchange and the checks are version-free and shared by every adapter
 * (mod-bridge/gametest/java, {@link CompanionExchange}); this file holds what this version spells its own way.
 *
 * <p>API read from Fabric API 0.116.1's fabric-client-gametest-api-v1 (Yarn-named sources, the files listed in
 * api-check/fabric-api/1.21.4.tsv): FabricClientGameTest, context.ClientGameTestContext (worldBuilder,
 * waitFor, computeOnClient), world.TestWorldBuilder.createServer(Properties), context.TestDedicatedServerContext
 * (runCommand, connect), {@code TestServerConnection.getClientWorld()} (renamed getClientLevel() when Fabric API moved to Mojang
 * names); GuiMessage is {@code net.minecraft.client.GuiMessage}; the chat window is {@code gui.getChat()}.
 */
public final class BridgeClientGameTest implements FabricClientGameTest {
    @Override
    public void runTest(ClientGameTestContext context) {
        CompanionExchange exchange = CompanionExchange.fromSystemProperties();
        try (TestDedicatedServerContext dedicated = context.worldBuilder().createServer(exchange.serverProperties())) {
            try (TestServerConnection connection = dedicated.connect()) {
                connection.getClientWorld().waitForChunksRender();
                exchange.operatorCommands().forEach(dedicated::runCommand);
                exchange.signalReady();
                context.waitFor(client -> exchange.companionDone(), CompanionExchange.COMPANION_TICKS);
                exchange.finish(context.computeOnClient(BridgeClientGameTest::chatLines));
            }
        }
    }

    /** Every line the chat window holds (newest first), as the JSON the mod forwards. */
    private static List<String> chatLines(Minecraft client) {
        List<String> lines = new ArrayList<>();
        ChatComponent chat = client.gui.getChat();
        for (Object message : CompanionExchange.chatWindowLines(chat))
            lines.add(McbridgeClient.toJson(client, ((GuiMessage) message).content()));
        return lines;
    }
}

package dev.mcbridge.core;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.mcbridge.core.Frames.Position;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A stand-in for the Minecraft client, for the cross-language contract test
 * (test/bridge/cross-language.test.ts). No Minecraft client can run on these machines, so this
 * {@link GameAdapter} answers each command the way a vanilla 1.21.4 server's feedback reaches the client:
 * the same JSON component shapes, in order, from a separate "network" thread. It understands only what the
 * contract test sends: setblock/fill with absolute coordinates, the sendCommandFeedback gamerule query,
 * and {@code tellraw @s <json>} (echoed unchanged, which is what makes the companion's fences work);
 * anything else is an unknown command. Everything else is the real {@link BridgeClient}.
 *
 * <p>Usage: {@code ReplayGame --url ws://… --token T [--name N] [--player P] [--origin O]}. Prints the
 * client's status lines on stdout; exits 3 when the client stops for good (wrong token, …).
 */
public final class ReplayGame implements GameAdapter {
    private static final Set<String> BLOCKS =
            Set.of("air", "stone", "glass", "oak_planks", "dirt", "cobblestone", "gold_block", "white_wool");
    /** the chunks around the origin are "loaded"; beyond this the game answers unloaded */
    private static final int LOADED = 256;

    private final ExecutorService gameThread = Executors.newSingleThreadExecutor(daemon("game"));
    private final ExecutorService network = Executors.newSingleThreadExecutor(daemon("network"));
    private final Map<String, String> world = new ConcurrentHashMap<>();
    private final String player;
    private BridgeClient client;

    ReplayGame(String player) {
        this.player = player;
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, "replay-" + name);
            t.setDaemon(true);
            return t;
        };
    }

    public Executor gameThread() { return gameThread; }
    public boolean isInWorld() { return true; }
    public String serverAddress() { return "replay.invalid:25565"; }
    public String playerName() { return player; }
    public Boolean isOp() { return true; }
    public String minecraftVersion() { return "1.21.4"; }
    public Position position() { return new Position(0.5, 64, 0.5, 0, 0); }

    public String readBlockState(int x, int y, int z) {
        if (Math.abs(x) > LOADED || Math.abs(z) > LOADED) return null;
        return world.getOrDefault(x + "," + y + "," + z, "minecraft:air");
    }

    /** The server side: its replies reach the client later, in order. */
    public void sendCommand(String command) {
        network.execute(() -> {
            for (JsonElement line : reply(command)) client.onGameMessage(line, false);
        });
    }

    JsonElement[] reply(String command) {
        String[] w = command.trim().split(" ");
        try {
            if (command.startsWith("tellraw @s ")) return new JsonElement[] {JsonParser.parseString(command.substring(11))};
            if (command.equals("gamerule sendCommandFeedback"))
                return new JsonElement[] {translate("commands.gamerule.query", "sendCommandFeedback", "true")};
            if (w[0].equals("setblock") && w.length == 5) {
                int x = Integer.parseInt(w[1]), y = Integer.parseInt(w[2]), z = Integer.parseInt(w[3]);
                String block = block(w[4]);
                if (block == null) return parseError(command, "argument.block.id.invalid", w[4].replaceAll("\\[.*", ""));
                if (block.equals(readBlockState(x, y, z))) return new JsonElement[] {failure(translate("commands.setblock.failed"))};
                world.put(x + "," + y + "," + z, block);
                return new JsonElement[] {translate("commands.setblock.success", x, y, z)};
            }
            if (w[0].equals("fill") && w.length == 8) {
                int[] c = new int[6];
                for (int i = 0; i < 6; i++) c[i] = Integer.parseInt(w[i + 1]);
                String block = block(w[7]);
                if (block == null) return parseError(command, "argument.block.id.invalid", w[7]);
                int changed = 0;
                for (int x = Math.min(c[0], c[3]); x <= Math.max(c[0], c[3]); x++)
                    for (int y = Math.min(c[1], c[4]); y <= Math.max(c[1], c[4]); y++)
                        for (int z = Math.min(c[2], c[5]); z <= Math.max(c[2], c[5]); z++)
                            if (!block.equals(world.put(x + "," + y + "," + z, block))) changed++;
                return new JsonElement[] {changed == 0 ? failure(translate("commands.fill.failed")) : translate("commands.fill.success", changed)};
            }
        } catch (NumberFormatException | JsonParseException e) {
            return new JsonElement[] {failure(translate("command.failed"))};
        }
        return parseError(command, "command.unknown.command");
    }

    /** minecraft:name or name, with no properties; null when not a block this world knows */
    private static String block(String arg) {
        String name = arg.startsWith("minecraft:") ? arg.substring(10) : arg;
        return BLOCKS.contains(name) ? "minecraft:" + name : null;
    }

    private static JsonObject translate(String key, Object... args) {
        JsonObject o = new JsonObject();
        o.addProperty("translate", key);
        if (args.length > 0) {
            JsonArray with = new JsonArray();
            for (Object a : args) {
                if (a instanceof Number n) with.add(n);
                else with.add(String.valueOf(a));
            }
            o.add("with", with);
        }
        return o;
    }

    /** vanilla wraps every failure in a red empty component; successes are bare */
    private static JsonObject failure(JsonElement message) {
        JsonObject o = new JsonObject();
        o.addProperty("text", "");
        o.addProperty("color", "red");
        JsonArray extra = new JsonArray();
        extra.add(message);
        o.add("extra", extra);
        return o;
    }

    /** a parse error is two red lines: the error, then the command with a "<--[HERE]" marker */
    private static JsonElement[] parseError(String command, String key, Object... args) {
        JsonObject context = new JsonObject();
        context.addProperty("text", "");
        context.addProperty("color", "gray");
        JsonObject click = new JsonObject();
        click.addProperty("action", "suggest_command");
        click.addProperty("value", "/" + command);
        context.add("clickEvent", click);
        JsonArray extra = new JsonArray();
        extra.add(command.length() > 10 ? "..." + command.substring(command.length() - 10) : command);
        JsonObject here = translate("command.context.here");
        here.addProperty("color", "red");
        here.addProperty("italic", true);
        extra.add(here);
        context.add("extra", extra);
        return new JsonElement[] {failure(translate(key, args)), failure(context)};
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> a = new HashMap<>();
        for (int i = 0; i + 1 < argv.length; i += 2) a.put(argv[i].replaceFirst("^--", ""), argv[i + 1]);
        ReplayGame game = new ReplayGame(a.getOrDefault("player", "ReplayPlayer"));
        BridgeConfig config = new BridgeConfig(java.net.URI.create(a.get("url")), a.get("token"), a.getOrDefault("name", "default"));
        Map<String, String> headers = a.containsKey("origin") ? Map.of("Origin", a.get("origin")) : Map.of();
        Object stopped = new Object();
        BridgeClient.Options options = BridgeClient.Options.of("replay", line -> {
            System.out.println("status " + line);
            System.out.flush();
            if (line.startsWith("stopped")) synchronized (stopped) { stopped.notifyAll(); }
        }).withBackoff(new Backoff(100, 1000, Math::random)).withHeaders(headers);
        game.client = new BridgeClient(config, game, options);
        game.client.start();
        // the test ends this process when it is done; it exits by itself only when the client gives up
        synchronized (stopped) {
            while (game.client.status() != BridgeClient.Status.STOPPED || "not started".equals(game.client.statusDetail())) stopped.wait(200);
        }
        System.exit(3);
    }
}

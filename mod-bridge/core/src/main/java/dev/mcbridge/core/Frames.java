package dev.mcbridge.core;

import com.google.gson.JsonElement;
import java.util.List;
import java.util.Set;

/** The frames of the bridge protocol (mod-bridge/PROTOCOL.md), one record each. */
public final class Frames {
    private Frames() {}

    public static final int PROTOCOL_VERSION = 1;

    /** error codes either side may send (the sender closes the socket after it) */
    public static final Set<String> ERROR_CODES =
            Set.of("bad_token", "protocol_mismatch", "name_in_use", "bad_message", "not_in_world", "internal");

    public static final Set<String> CLIENT_KINDS = Set.of("fabric-mod", "headless-peer");

    /** WebSocket close codes the companion uses */
    public static final int CLOSE_BAD_MESSAGE = 4000;
    public static final int CLOSE_BAD_TOKEN = 4001;
    public static final int CLOSE_PROTOCOL_MISMATCH = 4002;
    public static final int CLOSE_ORIGIN_REFUSED = 4003;
    public static final int CLOSE_HEARTBEAT_LOST = 4008;
    public static final int CLOSE_NAME_IN_USE = 4009;

    /** Any frame; {@link #type()} is its wire name. */
    public sealed interface Frame
            permits Hello, Welcome, ErrorFrame, Run, Sent, Refused, Message, State, ReadBlocks, Blocks, Ping, Pong {
        String type();
    }

    public record ClientInfo(String kind, String version, String minecraft) {}

    public record Position(double x, double y, double z, double yaw, double pitch) {}

    public record BlockPos(int x, int y, int z) {}

    /** mod → companion, first frame */
    public record Hello(int protocol, String token, String name, ClientInfo client) implements Frame {
        public String type() { return "hello"; }
    }

    /** companion → mod, after a valid hello */
    public record Welcome(int protocol, String session, long heartbeatMs) implements Frame {
        public String type() { return "welcome"; }
    }

    /** either way */
    public record ErrorFrame(String code, String message) implements Frame {
        public String type() { return "error"; }
    }

    /** companion → mod: send this chat command (no leading slash), in order */
    public record Run(long seq, String command) implements Frame {
        public String type() { return "run"; }
    }

    /** mod → companion: command {@code seq} was handed to the game's connection */
    public record Sent(long seq) implements Frame {
        public String type() { return "sent"; }
    }

    /** mod → companion: command {@code seq} could not be sent */
    public record Refused(long seq, String reason) implements Frame {
        public String type() { return "refused"; }
    }

    /** mod → companion: a line the game received, as its JSON text component */
    public record Message(JsonElement component, boolean overlay) implements Frame {
        public String type() { return "message"; }
    }

    /** mod → companion: where the game is (nullable fields are JSON null) */
    public record State(
            boolean inWorld,
            String screen,
            String server,
            String player,
            Boolean op,
            String minecraft,
            Position position)
            implements Frame {
        public String type() { return "state"; }
    }

    /** companion → mod: read a box of blocks */
    public record ReadBlocks(long id, BlockPos from, BlockPos to) implements Frame {
        public String type() { return "read_blocks"; }

        /** number of positions in the box */
        public long volume() {
            return (Math.abs((long) to.x() - from.x()) + 1)
                    * (Math.abs((long) to.y() - from.y()) + 1)
                    * (Math.abs((long) to.z() - from.z()) + 1);
        }
    }

    /** mod → companion: one state key per position, x fastest, then z, then y; or "unloaded" */
    public record Blocks(long id, List<String> states) implements Frame {
        public String type() { return "blocks"; }
    }

    /** either way; {@code t} is echoed unchanged in the pong */
    public record Ping(double t) implements Frame {
        public String type() { return "ping"; }
    }

    public record Pong(double t) implements Frame {
        public String type() { return "pong"; }
    }
}

package dev.mcbridge.core;

import static dev.mcbridge.core.Fields.*;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import dev.mcbridge.core.Frames.*;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Frames to and from JSON text, with the same validation as src/bridge/protocol.ts. */
public final class Codec {
    private Codec() {}

    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().serializeNulls().create();

    /** frames the companion may send to the mod */
    public static final Set<String> COMPANION_TO_MOD = Set.of("welcome", "run", "read_blocks", "ping", "pong", "error");
    /** frames the mod may send to the companion */
    public static final Set<String> MOD_TO_COMPANION =
            Set.of("hello", "sent", "refused", "message", "state", "blocks", "ping", "pong", "error");

    /** Parses a frame received from the companion. */
    public static Frame parseFromCompanion(String text) throws ProtocolException {
        return parse(text, COMPANION_TO_MOD);
    }

    /** Parses a frame a mod sends (used by tests and by anything standing in for the companion). */
    public static Frame parseFromMod(String text) throws ProtocolException {
        return parse(text, MOD_TO_COMPANION);
    }

    private static Frame parse(String text, Set<String> allowed) throws ProtocolException {
        JsonElement root;
        try {
            root = JsonParser.parseString(text);
        } catch (JsonParseException e) {
            throw new ProtocolException("not JSON: " + e.getMessage());
        }
        if (!root.isJsonObject()) throw new ProtocolException("a frame is a JSON object");
        JsonObject o = root.getAsJsonObject();
        String type = string(o, "type");
        if (!allowed.contains(type)) throw new ProtocolException("unexpected frame type " + type);
        return decode(type, o);
    }

    private static Frame decode(String type, JsonObject o) throws ProtocolException {
        switch (type) {
            case "hello": {
                JsonObject c = object(o, "client");
                String kind = string(c, "kind");
                if (!Frames.CLIENT_KINDS.contains(kind)) throw new ProtocolException("unknown client kind " + kind);
                String name = o.has("name") ? string(o, "name") : "default";
                if (name.isEmpty() || name.length() > 64) throw new ProtocolException("name has 1 to 64 characters");
                return new Hello(
                        int32(o, "protocol"),
                        string(o, "token"),
                        name,
                        new ClientInfo(kind, string(c, "version"), string(c, "minecraft")));
            }
            case "welcome": {
                long heartbeat = integer(o, "heartbeatMs");
                if (heartbeat <= 0) throw new ProtocolException("heartbeatMs must be positive");
                return new Welcome(int32(o, "protocol"), string(o, "session"), heartbeat);
            }
            case "error": {
                String code = string(o, "code");
                if (!Frames.ERROR_CODES.contains(code)) throw new ProtocolException("unknown error code " + code);
                return new ErrorFrame(code, string(o, "message"));
            }
            case "run":
                return new Run(nonNegative(o, "seq"), string(o, "command"));
            case "sent":
                return new Sent(nonNegative(o, "seq"));
            case "refused":
                return new Refused(nonNegative(o, "seq"), string(o, "reason"));
            case "message":
                return new Message(required(o, "component"), bool(o, "overlay"));
            case "state": {
                JsonObject p = nullableObject(o, "position");
                return new State(
                        bool(o, "inWorld"),
                        string(o, "screen"),
                        nullableString(o, "server"),
                        nullableString(o, "player"),
                        nullableBool(o, "op"),
                        string(o, "minecraft"),
                        p == null
                                ? null
                                : new Position(
                                        number(p, "x"), number(p, "y"), number(p, "z"), number(p, "yaw"),
                                        number(p, "pitch")));
            }
            case "read_blocks":
                return new ReadBlocks(integer(o, "id"), blockPos(object(o, "from")), blockPos(object(o, "to")));
            case "blocks": {
                JsonElement s = required(o, "states");
                if (!s.isJsonArray()) throw new ProtocolException("states must be an array");
                List<String> states = new ArrayList<>();
                for (JsonElement e : s.getAsJsonArray()) {
                    if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString())
                        throw new ProtocolException("states must be strings");
                    states.add(e.getAsString());
                }
                return new Blocks(integer(o, "id"), List.copyOf(states));
            }
            case "ping":
                return new Ping(number(o, "t"));
            case "pong":
                return new Pong(number(o, "t"));
            default:
                throw new ProtocolException("unknown frame type " + type);
        }
    }

    private static BlockPos blockPos(JsonObject p) throws ProtocolException {
        return new BlockPos(int32(p, "x"), int32(p, "y"), int32(p, "z"));
    }

    /** The frame as a JSON object, fields in the order PROTOCOL.md lists them. */
    public static JsonObject toJson(Frame frame) {
        JsonObject o = new JsonObject();
        o.addProperty("type", frame.type());
        if (frame instanceof Hello h) {
            o.addProperty("protocol", h.protocol());
            o.addProperty("token", h.token());
            o.addProperty("name", h.name());
            JsonObject c = new JsonObject();
            c.addProperty("kind", h.client().kind());
            c.addProperty("version", h.client().version());
            c.addProperty("minecraft", h.client().minecraft());
            o.add("client", c);
        } else if (frame instanceof Welcome w) {
            o.addProperty("protocol", w.protocol());
            o.addProperty("session", w.session());
            o.addProperty("heartbeatMs", w.heartbeatMs());
        } else if (frame instanceof ErrorFrame e) {
            o.addProperty("code", e.code());
            o.addProperty("message", e.message());
        } else if (frame instanceof Run r) {
            o.addProperty("seq", r.seq());
            o.addProperty("command", r.command());
        } else if (frame instanceof Sent s) {
            o.addProperty("seq", s.seq());
        } else if (frame instanceof Refused r) {
            o.addProperty("seq", r.seq());
            o.addProperty("reason", r.reason());
        } else if (frame instanceof Message m) {
            o.add("component", m.component() == null ? JsonNull.INSTANCE : m.component());
            o.addProperty("overlay", m.overlay());
        } else if (frame instanceof State s) {
            o.addProperty("inWorld", s.inWorld());
            o.addProperty("screen", s.screen());
            o.add("server", s.server() == null ? JsonNull.INSTANCE : new JsonPrimitive(s.server()));
            o.add("player", s.player() == null ? JsonNull.INSTANCE : new JsonPrimitive(s.player()));
            o.add("op", s.op() == null ? JsonNull.INSTANCE : new JsonPrimitive(s.op()));
            o.addProperty("minecraft", s.minecraft());
            if (s.position() == null) o.add("position", JsonNull.INSTANCE);
            else {
                JsonObject p = new JsonObject();
                p.add("x", num(s.position().x()));
                p.add("y", num(s.position().y()));
                p.add("z", num(s.position().z()));
                p.add("yaw", num(s.position().yaw()));
                p.add("pitch", num(s.position().pitch()));
                o.add("position", p);
            }
        } else if (frame instanceof ReadBlocks r) {
            o.addProperty("id", r.id());
            o.add("from", blockPosJson(r.from()));
            o.add("to", blockPosJson(r.to()));
        } else if (frame instanceof Blocks b) {
            o.addProperty("id", b.id());
            JsonArray a = new JsonArray(b.states().size());
            b.states().forEach(a::add);
            o.add("states", a);
        } else if (frame instanceof Ping p) {
            o.add("t", num(p.t()));
        } else if (frame instanceof Pong p) {
            o.add("t", num(p.t()));
        }
        return o;
    }

    private static JsonObject blockPosJson(BlockPos p) {
        JsonObject o = new JsonObject();
        o.addProperty("x", p.x());
        o.addProperty("y", p.y());
        o.addProperty("z", p.z());
        return o;
    }

    /** The frame as JSON text, ready for the socket. */
    public static String serialize(Frame frame) {
        return GSON.toJson(toJson(frame));
    }

    /** Parses a JSON text component as the game serialised it (a string or an object or an array). */
    public static JsonElement parseComponent(String json) throws ProtocolException {
        try {
            return JsonParser.parseString(json);
        } catch (JsonParseException e) {
            throw new ProtocolException("component is not JSON: " + e.getMessage());
        }
    }
}

package dev.mcbridge.core;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.math.BigDecimal;

/** Strict field readers: the same rules as the TypeScript zod schemas (extra fields are ignored). */
final class Fields {
    private Fields() {}

    private static final double MAX_SAFE_INTEGER = 9007199254740991d;

    static JsonElement required(JsonObject o, String name) throws ProtocolException {
        JsonElement e = o.get(name);
        if (e == null) throw new ProtocolException("missing field " + name);
        return e;
    }

    static String string(JsonObject o, String name) throws ProtocolException {
        JsonElement e = required(o, name);
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString())
            throw new ProtocolException(name + " must be a string");
        return e.getAsString();
    }

    static String nullableString(JsonObject o, String name) throws ProtocolException {
        return required(o, name).isJsonNull() ? null : string(o, name);
    }

    static boolean bool(JsonObject o, String name) throws ProtocolException {
        JsonElement e = required(o, name);
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isBoolean())
            throw new ProtocolException(name + " must be a boolean");
        return e.getAsBoolean();
    }

    static Boolean nullableBool(JsonObject o, String name) throws ProtocolException {
        return required(o, name).isJsonNull() ? null : bool(o, name);
    }

    static double number(JsonObject o, String name) throws ProtocolException {
        JsonElement e = required(o, name);
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber())
            throw new ProtocolException(name + " must be a number");
        double d = e.getAsDouble();
        if (!Double.isFinite(d)) throw new ProtocolException(name + " must be finite");
        return d;
    }

    static long integer(JsonObject o, String name) throws ProtocolException {
        double d = number(o, name);
        if (d != Math.rint(d) || Math.abs(d) > MAX_SAFE_INTEGER)
            throw new ProtocolException(name + " must be an integer");
        return new BigDecimal(o.get(name).getAsString()).longValueExact();
    }

    static int int32(JsonObject o, String name) throws ProtocolException {
        long v = integer(o, name);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) throw new ProtocolException(name + " is out of range");
        return (int) v;
    }

    static long nonNegative(JsonObject o, String name) throws ProtocolException {
        long v = integer(o, name);
        if (v < 0) throw new ProtocolException(name + " must not be negative");
        return v;
    }

    static JsonObject object(JsonObject o, String name) throws ProtocolException {
        JsonElement e = required(o, name);
        if (!e.isJsonObject()) throw new ProtocolException(name + " must be an object");
        return e.getAsJsonObject();
    }

    static JsonObject nullableObject(JsonObject o, String name) throws ProtocolException {
        return required(o, name).isJsonNull() ? null : object(o, name);
    }

    /** integral values as JSON integers (1732270000000, not 1.73227E12) */
    static JsonPrimitive num(double d) {
        if (d == Math.rint(d) && Math.abs(d) <= MAX_SAFE_INTEGER) return new JsonPrimitive((long) d);
        return new JsonPrimitive(d);
    }
}

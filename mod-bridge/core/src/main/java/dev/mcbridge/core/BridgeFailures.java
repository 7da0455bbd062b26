package dev.mcbridge.core;

/** The words a person reads when the bridge cannot connect or the companion refuses it. */
final class BridgeFailures {
    private BridgeFailures() {}

    /** The refusal the companion named (close code or error frame), with what to do about it. */
    static String describe(String code, String message) {
        switch (code) {
            case "bad_token":
                return "wrong token (" + message + "): copy the companion's bridge-token file, or set MCBRIDGE_BRIDGE_TOKEN";
            case "protocol_mismatch":
                return "protocol mismatch (" + message + "): update the mod or the companion";
            case "origin":
                return "the companion refused this connection's Origin (" + message + ")";
            default:
                return code + ": " + message;
        }
    }

    /** Why the companion closed the socket: a refusal by its close code, else its last error frame, else the code. */
    static String whyClosed(int code, String reason, String lastError) {
        if (Backoff.isFatal(code)) {
            String name = code == Frames.CLOSE_BAD_TOKEN ? "bad_token" : code == Frames.CLOSE_PROTOCOL_MISMATCH ? "protocol_mismatch" : "origin";
            return describe(name, reason);
        }
        return lastError != null ? lastError : "the companion closed the bridge (" + code + (reason.isEmpty() ? "" : ": " + reason) + ")";
    }

    /** The innermost cause's message: the one that says what went wrong (refused, unknown host…). */
    static String rootMessage(Throwable t) {
        while (t.getCause() != null) t = t.getCause();
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}

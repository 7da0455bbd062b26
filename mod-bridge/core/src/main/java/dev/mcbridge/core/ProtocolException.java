package dev.mcbridge.core;

/** A frame that is not valid JSON, not a known frame, or not allowed in its direction. */
public final class ProtocolException extends Exception {
    private static final long serialVersionUID = 1L;

    public ProtocolException(String message) {
        super(message);
    }
}

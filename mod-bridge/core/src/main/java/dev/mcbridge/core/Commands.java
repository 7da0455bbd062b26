package dev.mcbridge.core;

/** The command text the game sends: vanilla's {@code sendCommand} takes it without the leading slash. */
public final class Commands {
    private Commands() {}

    /**
     * Strips exactly one leading {@code /}: the companion sends commands without one, but a model may add it;
     * {@code ClientPacketListener.sendCommand} would put it into the packet and the server would then read a
     * command named {@code /say}. A second slash is kept (WorldEdit's {@code //set} is the command {@code /set}).
     */
    public static String forSending(String command) {
        return command.startsWith("/") ? command.substring(1) : command;
    }
}

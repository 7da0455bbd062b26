package dev.mcbridge.core;

import com.google.gson.JsonElement;
import dev.mcbridge.core.Frames.*;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The mod's side of the bridge: dials the companion, says hello with the token, then runs the companion's
 * commands on the game thread, forwards every line the game receives, reports where the game is, answers
 * block reads and pings, and pings back. Reconnects with {@link Backoff} until the companion says the
 * token or the protocol is wrong. Never sends an Origin header (the companion refuses browser origins).
 */
public final class BridgeClient implements AutoCloseable {
    public enum Status { CONNECTING, CONNECTED, WAITING, STOPPED }

    /**
     * @param extraHeaders added to the WebSocket upgrade request; empty for the mod (a test hook: the
     *     contract test sends a browser Origin with it to prove the companion refuses it)
     */
    public record Options(String kind, String version, Backoff backoff, Map<String, String> extraHeaders, Consumer<String> log) {
        public static Options of(String version, Consumer<String> log) {
            return new Options("fabric-mod", version, new Backoff(), Map.of(), log);
        }

        public Options withKind(String k) { return new Options(k, version, backoff, extraHeaders, log); }
        public Options withBackoff(Backoff b) { return new Options(kind, version, b, extraHeaders, log); }
        public Options withHeaders(Map<String, String> h) { return new Options(kind, version, backoff, h, log); }
    }

    /** how long to wait for the welcome after the socket opened */
    static final long HELLO_TIMEOUT_MS = 10_000;
    /** the companion is gone when it has said nothing for this many heartbeat intervals */
    static final int MISSED_BEATS = 3;

    private final BridgeConfig config;
    private final GameAdapter game;
    private final Options options;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "mcbridge-bridge");
        t.setDaemon(true);
        return t;
    });
    private volatile Status status = Status.STOPPED;
    private volatile String statusDetail = "not started";
    private volatile Connection current;
    private volatile boolean closed;
    private State lastState;

    public BridgeClient(BridgeConfig config, GameAdapter game, Options options) {
        this.config = Objects.requireNonNull(config);
        this.game = Objects.requireNonNull(game);
        this.options = Objects.requireNonNull(options);
    }

    public Status status() { return status; }

    /** what the status means, for the player (e.g. "wrong token: …") */
    public String statusDetail() { return statusDetail; }

    /** the companion's session id while connected */
    public String session() {
        Connection c = current;
        return c != null && c.session != null ? c.session : null;
    }

    public void start() {
        // trying from now on, though the bridge's thread may not have run yet: a player who joins a world
        // before it does is not told the bridge stopped
        status = Status.CONNECTING;
        statusDetail = "starting: dialling " + config.url();
        timers.execute(this::dial);
    }

    /** A line the game received (its JSON text component); forwarded as it is, fences included. */
    public void onGameMessage(JsonElement component, boolean overlay) {
        send(new Message(component, overlay));
    }

    public void onGameMessage(String componentJson, boolean overlay) {
        try {
            onGameMessage(Codec.parseComponent(componentJson), overlay);
        } catch (ProtocolException e) {
            log("dropped a line the game could not serialise: " + e.getMessage());
        }
    }

    /** Whether the chat hook should hide this line from the player (fences). */
    public static boolean hideFromChat(String componentJson) {
        return Fences.hideFromChat(componentJson);
    }

    /** Call on the game thread when anything may have changed (join, leave, move): sends state if it did. */
    public void stateChanged() {
        State s = readState();
        synchronized (this) {
            if (s.equals(lastState)) return;
            if (send(s)) lastState = s;
        }
    }

    private State readState() {
        boolean in = game.isInWorld();
        return new State(in, game.screen(), in ? game.serverAddress() : null, in ? game.playerName() : null,
                in ? game.isOp() : null, game.minecraftVersion(), in ? game.position() : null);
    }

    private boolean send(Frame frame) {
        Connection c = current;
        return c != null && c.session != null && c.send(frame);
    }

    private void dial() {
        if (closed || options.backoff().isStopped()) return;
        setStatus(Status.CONNECTING, "dialling " + config.url());
        WebSocket.Builder builder = http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(5));
        options.extraHeaders().forEach(builder::header);
        Connection c = new Connection();
        current = c;
        builder.buildAsync(config.url(), c).whenComplete((ws, err) -> {
            if (err != null) c.ended("cannot reach the companion at " + config.url() + ": " + BridgeFailures.rootMessage(err), -1);
        });
    }

    private void reconnectLater(String why, int closeCode) {
        synchronized (this) {
            lastState = null;
        }
        Backoff backoff = options.backoff();
        if (Backoff.isFatal(closeCode)) backoff.stop(why);
        if (closed) {
            setStatus(Status.STOPPED, "closed");
        } else if (backoff.isStopped()) {
            setStatus(Status.STOPPED, backoff.stopReason());
        } else {
            long delay = backoff.nextDelayMs();
            setStatus(Status.WAITING, why + "; retrying in " + delay + " ms");
            timers.schedule(this::dial, delay, TimeUnit.MILLISECONDS);
        }
    }

    private void setStatus(Status s, String detail) {
        status = s;
        statusDetail = detail;
        log(s.name().toLowerCase() + ": " + detail);
    }

    private void log(String line) {
        if (options.log() != null) options.log().accept(line);
    }

    @Override
    public void close() {
        closed = true;
        Connection c = current;
        if (c != null) c.close(1000, "game closing");
        timers.shutdownNow();
        setStatus(Status.STOPPED, "closed");
    }

    /** One socket, from dial to close. */
    private final class Connection implements WebSocket.Listener {
        private WebSocket ws;
        private final StringBuilder partial = new StringBuilder();
        private CompletableFuture<?> sendChain = CompletableFuture.completedFuture(null);
        private volatile String session;
        private volatile long lastHeard = System.currentTimeMillis();
        private volatile boolean ended;
        private ScheduledFuture<?> helloTimer, heartbeat;
        private final CommandQueue queue = new CommandQueue(game, this::send);
        private String lastError;
        private long every;

        @Override
        public void onOpen(WebSocket socket) {
            ws = socket;
            socket.request(1);
            send(new Hello(Frames.PROTOCOL_VERSION, config.token(), config.name(),
                    new ClientInfo(options.kind(), options.version(), game.minecraftVersion())));
            helloTimer = timers.schedule(() -> close(Frames.CLOSE_BAD_MESSAGE, "no welcome"), HELLO_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        }

        /** Sends in order: the JDK allows one outstanding send per socket. */
        synchronized boolean send(Frame frame) {
            if (ended || ws == null) return false;
            String text = Codec.serialize(frame);
            WebSocket socket = ws;
            sendChain = sendChain.handle((v, e) -> null).thenCompose(v -> socket.sendText(text, true));
            return true;
        }

        @Override
        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                lastHeard = System.currentTimeMillis();
                try {
                    handle(Codec.parseFromCompanion(text));
                } catch (ProtocolException e) {
                    // a newer companion may send frames we do not know: ignore, as the companion does
                    log("ignored a frame: " + e.getMessage());
                }
            }
            socket.request(1);
            return null;
        }

        private void handle(Frame frame) {
            if (frame instanceof Welcome w) {
                if (w.protocol() != Frames.PROTOCOL_VERSION) {
                    String why = "companion speaks protocol " + w.protocol() + ", mod " + Frames.PROTOCOL_VERSION + ": update the older one";
                    options.backoff().stop(why);
                    send(new ErrorFrame("protocol_mismatch", why));
                    close(Frames.CLOSE_PROTOCOL_MISMATCH, why);
                    return;
                }
                helloTimer.cancel(false);
                session = w.session();
                options.backoff().reset();
                every = w.heartbeatMs();
                heartbeat = timers.scheduleAtFixedRate(this::beat, every, every, TimeUnit.MILLISECONDS);
                setStatus(Status.CONNECTED, "connected to " + config.url() + " as \"" + config.name() + "\" (session " + session + ")");
                game.gameThread().execute(BridgeClient.this::stateChanged);
            } else if (session == null) {
                if (frame instanceof ErrorFrame e) noteError(e);
                // nothing but welcome or error before the welcome
            } else if (frame instanceof Run r) {
                queue.submit(r);
            } else if (frame instanceof ReadBlocks r) {
                if (r.volume() > BlockStates.MAX_READ) {
                    send(new ErrorFrame("bad_message", "read_blocks asks for " + r.volume() + " positions; at most " + BlockStates.MAX_READ));
                    close(Frames.CLOSE_BAD_MESSAGE, "read_blocks too large");
                    return;
                }
                game.gameThread().execute(() -> send(new Blocks(r.id(), BlockStates.read(r, game))));
            } else if (frame instanceof Ping p) {
                send(new Pong(p.t()));
            } else if (frame instanceof ErrorFrame e) {
                noteError(e);
            }
        }

        private void noteError(ErrorFrame e) {
            lastError = e.code() + ": " + e.message();
            if (Backoff.isFatal(e.code())) options.backoff().stop(BridgeFailures.describe(e.code(), e.message()));
        }

        private void beat() {
            long silent = System.currentTimeMillis() - lastHeard;
            if (silent > MISSED_BEATS * every) {
                close(Frames.CLOSE_HEARTBEAT_LOST, "no heartbeat from the companion for " + silent + " ms");
                return;
            }
            send(new Ping(System.currentTimeMillis()));
        }

        @Override
        public CompletionStage<?> onClose(WebSocket socket, int code, String reason) {
            ended(BridgeFailures.whyClosed(code, reason, lastError), code);
            return null;
        }

        @Override
        public void onError(WebSocket socket, Throwable error) {
            ended("bridge socket error: " + BridgeFailures.rootMessage(error), -1);
        }

        void close(int code, String reason) {
            WebSocket socket = ws;
            if (socket != null && !ended) {
                synchronized (this) {
                    sendChain = sendChain.handle((v, e) -> null).thenCompose(v -> socket.sendClose(code, reason));
                }
                // do not wait for the companion's close frame
                timers.schedule(socket::abort, 1, TimeUnit.SECONDS);
            }
            ended(reason, code);
        }

        void ended(String why, int code) {
            synchronized (this) {
                if (ended) return;
                ended = true;
            }
            if (helloTimer != null) helloTimer.cancel(false);
            if (heartbeat != null) heartbeat.cancel(false);
            session = null;
            reconnectLater(why, code);
        }
    }
}

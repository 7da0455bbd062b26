package dev.mcbridge.core;

import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * Where the companion is and how to prove we may talk to it. Sources, first match wins:
 * an optional properties file (keys {@code url}, {@code name}, {@code token}, {@code tokenFile}), then the
 * environment ({@code MCBRIDGE_BRIDGE_URL}, {@code MCBRIDGE_BRIDGE_NAME}, {@code MCBRIDGE_BRIDGE_TOKEN}),
 * then defaults: {@code ws://127.0.0.1:25580}, name "default", and the token file the companion writes,
 * {@code $XDG_CONFIG_HOME/mcbridge/bridge-token} or {@code ~/.config/mcbridge/bridge-token}.
 */
public record BridgeConfig(URI url, String token, String name) {
    public static final String DEFAULT_URL = "ws://127.0.0.1:25580";
    public static final String TOKEN_ENV = "MCBRIDGE_BRIDGE_TOKEN";
    public static final String URL_ENV = "MCBRIDGE_BRIDGE_URL";
    public static final String NAME_ENV = "MCBRIDGE_BRIDGE_NAME";
    public static final int MIN_TOKEN_LENGTH = 16;

    public BridgeConfig {
        String scheme = url.getScheme();
        if (!"ws".equals(scheme) && !"wss".equals(scheme))
            throw new IllegalArgumentException("the bridge URL must start with ws:// or wss://: " + url);
        if (token == null || token.length() < MIN_TOKEN_LENGTH)
            throw new IllegalArgumentException("the bridge token must have at least " + MIN_TOKEN_LENGTH + " characters");
        if (name == null || name.isEmpty() || name.length() > 64)
            throw new IllegalArgumentException("the connection name must have 1 to 64 characters");
    }

    /** A configuration that is missing or wrong, with what to do about it in the message. */
    public static final class ConfigException extends Exception {
        private static final long serialVersionUID = 1L;

        public ConfigException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The token file the companion writes ({@code mcbridge serve --bridge}). */
    public static Path defaultTokenPath(Map<String, String> env, Path home) {
        String xdg = env.get("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isEmpty() ? Path.of(xdg) : home.resolve(".config");
        return base.resolve("mcbridge").resolve("bridge-token");
    }

    /** From the process environment and the user's home, plus an optional properties file (may not exist). */
    public static BridgeConfig load(Path propertiesFile) throws ConfigException {
        return load(System.getenv(), Path.of(System.getProperty("user.home")), propertiesFile);
    }

    public static BridgeConfig load(Map<String, String> env, Path home, Path propertiesFile) throws ConfigException {
        Properties p = new Properties();
        if (propertiesFile != null && Files.exists(propertiesFile)) {
            try (Reader r = Files.newBufferedReader(propertiesFile, StandardCharsets.UTF_8)) {
                p.load(r);
            } catch (IOException e) {
                throw new ConfigException("cannot read " + propertiesFile + ": " + e.getMessage(), e);
            }
        }
        String url = first(p.getProperty("url"), env.get(URL_ENV), DEFAULT_URL);
        String name = first(p.getProperty("name"), env.get(NAME_ENV), "default");
        String token = first(p.getProperty("token"), env.get(TOKEN_ENV), null);
        if (token == null) {
            String file = p.getProperty("tokenFile");
            token = readToken(file != null && !file.isBlank() ? Path.of(file.trim()) : defaultTokenPath(env, home));
        }
        try {
            return new BridgeConfig(URI.create(url.trim()), token.trim(), name.trim());
        } catch (IllegalArgumentException e) {
            throw new ConfigException(e.getMessage(), e);
        }
    }

    /** Reads the token file: its content, trimmed. */
    public static String readToken(Path path) throws ConfigException {
        try {
            String token = Files.readString(path, StandardCharsets.UTF_8).trim();
            if (token.length() < MIN_TOKEN_LENGTH)
                throw new ConfigException("the token in " + path + " is too short: delete it and restart `mcbridge serve --bridge`", null);
            return token;
        } catch (NoSuchFileException e) {
            throw new ConfigException(
                    "no bridge token at " + path + ": run `mcbridge serve --bridge` once on this machine (it writes the file), or set "
                            + TOKEN_ENV,
                    e);
        } catch (IOException e) {
            throw new ConfigException("cannot read the bridge token " + path + ": " + e.getMessage(), e);
        }
    }

    private static String first(String a, String b, String fallback) {
        if (a != null && !a.isBlank()) return a;
        if (b != null && !b.isBlank()) return b;
        return fallback;
    }

    @Override
    public String toString() {
        // never print the token
        return "BridgeConfig[url=" + url + ", name=" + name + "]";
    }
}

package dev.mcbridge.core;

import dev.mcbridge.core.Frames.ReadBlocks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Block state keys and the order of a box read. */
public final class BlockStates {
    private BlockStates() {}

    /** the most positions one read_blocks may ask for */
    public static final long MAX_READ = 32_768;
    public static final String UNLOADED = "unloaded";

    /** {@code minecraft:oak_door[facing=west,half=lower,...]}: properties sorted by name, none → no brackets */
    public static String key(String id, Map<String, String> properties) {
        String name = id.contains(":") ? id : "minecraft:" + id;
        if (properties.isEmpty()) return name;
        StringBuilder b = new StringBuilder(name).append('[');
        boolean first = true;
        for (Map.Entry<String, String> e : new TreeMap<>(properties).entrySet()) {
            if (!first) b.append(',');
            b.append(e.getKey()).append('=').append(e.getValue());
            first = false;
        }
        return b.append(']').toString();
    }

    /** Reads a box: x fastest, then z, then y; each corner may be the smaller or the larger. */
    public static List<String> read(ReadBlocks request, GameAdapter game) {
        int x0 = Math.min(request.from().x(), request.to().x()), x1 = Math.max(request.from().x(), request.to().x());
        int y0 = Math.min(request.from().y(), request.to().y()), y1 = Math.max(request.from().y(), request.to().y());
        int z0 = Math.min(request.from().z(), request.to().z()), z1 = Math.max(request.from().z(), request.to().z());
        List<String> states = new ArrayList<>((int) request.volume());
        for (int y = y0; y <= y1; y++)
            for (int z = z0; z <= z1; z++)
                for (int x = x0; x <= x1; x++) {
                    String key = game.readBlockState(x, y, z);
                    states.add(key == null ? UNLOADED : key);
                }
        return states;
    }
}

package org.colony.cuda.internal.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.colony.kernel.Layout;
import org.junit.jupiter.api.Test;

/** The frame Frames writes is {@code struct Frame} of colony.cuh, field for field: names, order and offsets. */
class FramesTest {

    private static final Map<String, Integer> C_SIZES = Map.of("jlong", 8, "julong", 8, "jint", 4, "juint", 4);

    /** The fields of {@code struct name} in a C header, in order, with their offsets as a C compiler lays them. */
    static Map<String, Long> cStruct(String header, String name) {
        Matcher body = Pattern.compile("struct " + name + " \\{(.*?)\\n\\};", Pattern.DOTALL).matcher(header);
        if (!body.find()) {
            throw new AssertionError("no struct " + name + " in the header");
        }
        Map<String, Long> offsets = new LinkedHashMap<>();
        long at = 0;
        long align = 1;
        for (String line : body.group(1).split("\n")) {
            String code = line.replaceAll("//.*", "").strip();
            if (code.isEmpty()) {
                continue;
            }
            Matcher m = Pattern.compile("(\\w+) ([\\w, ]+);").matcher(code);
            if (!m.matches() || !C_SIZES.containsKey(m.group(1))) {
                throw new AssertionError("a field this test cannot lay out: " + code);
            }
            int size = C_SIZES.get(m.group(1));
            for (String field : m.group(2).split(",")) {
                at = (at + size - 1) / size * size;
                offsets.put(field.strip(), at);
                at += size;
                align = Math.max(align, size);
            }
        }
        offsets.put("(size)", (at + align - 1) / align * align);
        return offsets;
    }

    @Test
    void layout_isStructFrameOfColonyCuh_fieldForField() {
        Map<String, Long> c = cStruct(KernelCompiler.resource("colony.cuh"), "Frame");
        Map<String, Long> java = new LinkedHashMap<>();
        for (MemoryLayout member : Frames.LAYOUT.memberLayouts()) {
            String field = member.name().orElseThrow();
            java.put(field, Frames.offset(field));
        }
        java.put("(size)", Frames.BYTES);
        assertEquals(new ArrayList<>(c.entrySet()), new ArrayList<>(java.entrySet()));
        assertEquals(144, Frames.BYTES);
    }

    @Test
    void write_putsEachValueIntoItsNamedField() {
        Layout layout = new Layout(3, 40, 30, 20, 4, 5, 6, 10, 11, 12, 2, true);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment frame = arena.allocate(Frames.LAYOUT);
            Frames.write(frame, layout, 101, 102, 103, 104, 105, 106, 107, 8, 0x10002);
            List<Long> longs = List.of((long) layout.base(), (long) layout.strideY(), (long) layout.strideZ(), 101L,
                    102L, 103L, 104L, 105L, 106L, 107L);
            List<String> longNames = List.of("base", "strideY", "strideZ", "seed", "epoch", "time", "error", "rows",
                    "pitch", "placePitch");
            for (int i = 0; i < longNames.size(); i++) {
                String name = longNames.get(i);
                assertEquals(longs.get(i), frame.get(ValueLayout.JAVA_LONG, Frames.offset(name)), name);
            }
            Map<String, Integer> ints = new LinkedHashMap<>();
            ints.put("dims", 3);
            ints.put("size0", 40);
            ints.put("size1", 30);
            ints.put("size2", 20);
            ints.put("origin0", 4);
            ints.put("origin1", 5);
            ints.put("origin2", 6);
            ints.put("extent0", 10);
            ints.put("extent1", 11);
            ints.put("extent2", 12);
            ints.put("pad", 2);
            ints.put("wrap", 1);
            ints.put("march", 8);
            ints.put("step", 0x10002);
            ints.forEach((name, value) -> assertEquals(value, frame.get(ValueLayout.JAVA_INT, Frames.offset(name)),
                    name));
        }
    }

    @Test
    void write_leavesNoGate_andGateSetsIt() {
        Layout layout = new Layout(2, 40, 30, 1, 0, 0, 0, 40, 30, 1, 0, false);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment frame = arena.allocate(Frames.LAYOUT);
            frame.fill((byte) 0x7F); // as a frame left from an earlier launch
            Frames.write(frame, layout, 1, 2, 3, 4, 5, 6, 7, -1);
            assertEquals(0L, frame.get(ValueLayout.JAVA_LONG, Frames.offset("gate")));
            Frames.gate(frame, 0x1234_5678L);
            assertEquals(0x1234_5678L, frame.get(ValueLayout.JAVA_LONG, Frames.offset("gate")));
            assertEquals(7L, frame.get(ValueLayout.JAVA_LONG, Frames.offset("placePitch")));
        }
    }

    @Test
    void writeBox_describesTheBoxAsTheBlock_withTheBlocksStrides() {
        Layout layout = new Layout(3, 40, 30, 20, 4, 5, 6, 10, 11, 12, 2, false);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment frame = arena.allocate(Frames.LAYOUT);
            Frames.writeBox(frame, layout, new int[] {1, 2, 3}, new int[] {5, 7, 9}, 0, 0, 0, 0, 99, 4, -1);
            assertEquals((long) layout.base() + 1 + 2L * layout.strideY() + 3L * layout.strideZ(),
                    frame.get(ValueLayout.JAVA_LONG, Frames.offset("base")));
            assertEquals((long) layout.strideY(), frame.get(ValueLayout.JAVA_LONG, Frames.offset("strideY")));
            assertEquals(5L * 6, frame.get(ValueLayout.JAVA_LONG, Frames.offset("rows")));
            int[] box = {5, 7, 9, 4, 5, 6};
            String[] names = {"origin0", "origin1", "origin2", "extent0", "extent1", "extent2"};
            for (int i = 0; i < box.length; i++) {
                assertEquals(box[i], frame.get(ValueLayout.JAVA_INT, Frames.offset(names[i])), names[i]);
            }
            assertEquals(4, frame.get(ValueLayout.JAVA_INT, Frames.offset("march")));
            assertEquals(-1, frame.get(ValueLayout.JAVA_INT, Frames.offset("step")));
        }
    }
}

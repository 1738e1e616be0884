package org.colony.cuda.internal.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemoryLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The error record DeviceErrors reads is the one {@code fail()} in colony.cuh writes: 4 juints, field for field. */
class DeviceErrorsTest {

    private static String colonyCuh() throws IOException {
        try (InputStream in = DeviceErrorsTest.class.getResourceAsStream("/org/colony/cuda/colony.cuh")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void record_isWhatFailWrites_fieldForField() throws IOException {
        Matcher fail = Pattern.compile("void fail\\([^)]*\\) \\{(.*?)\\n\\}", Pattern.DOTALL).matcher(colonyCuh());
        assertTrue(fail.find(), "colony.cuh has fail()");
        String body = fail.group(1);
        assertTrue(body.contains("juint* record = (juint*) f.error;"), "the record is juints at the frame's error");
        // Index 0 is taken once, by the first failure, with kind << 24 | line; the others are stored after it.
        Map<Long, String> written = new LinkedHashMap<>();
        assertTrue(body.contains("atomicCAS(record, 0u, ((juint) kind << 24) | ((juint) line & 0xFFFFFFu))"), body);
        written.put(0L, "code");
        Matcher store = Pattern.compile("record\\[(\\d+)\\] = (?:\\(juint\\) )?(?:f\\.)?(\\w+);").matcher(body);
        while (store.find()) {
            written.put(4L * Long.parseLong(store.group(1)), store.group(2));
        }
        Map<Long, String> java = new LinkedHashMap<>();
        for (MemoryLayout member : DeviceErrors.RECORD.memberLayouts()) {
            String field = member.name().orElseThrow();
            assertEquals(4, member.byteSize(), field);
            java.put(DeviceErrors.offset(field), field);
        }
        assertEquals(new ArrayList<>(written.entrySet()), new ArrayList<>(java.entrySet()));
        assertEquals(16, DeviceErrors.BYTES);
        assertEquals(List.of("code", "detail", "step", "detail2"), List.copyOf(java.values()));
    }
}

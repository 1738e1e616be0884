package org.colony.cuda.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemoryLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The table RowCopies uploads (or passes by value) is the one colony_copy_rows (colony_copy_rows_inline) in support.cu
 * reads: entry for entry, field for field.
 */
class RowCopiesTest {

    private static String supportCu() throws IOException {
        try (InputStream in = RowCopiesTest.class.getResourceAsStream("/org/colony/cuda/support.cu")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void entry_isTheOneColonyCopyRowsReads() throws IOException {
        String source = supportCu();
        Matcher declared = Pattern.compile("entry \\{([\\w, \\n/]+)\\} copies").matcher(source);
        assertTrue(declared.find(), "support.cu declares the entry of colony_copy_rows");
        List<String> fields = Arrays.stream(declared.group(1).replace("//", "").split(","))
                .map(String::strip).toList();
        List<String> names = RowCopies.ENTRY.memberLayouts().stream().map(m -> m.name().orElseThrow()).toList();
        assertEquals(fields, names);
        for (MemoryLayout member : RowCopies.ENTRY.memberLayouts()) {
            assertEquals(Long.BYTES, member.byteSize(), member.name().orElseThrow() + " is a jlong");
        }
        // One entry per blockIdx.y, 8 jlongs apart; copyRows hands e[0] .. e[6] to gather in the entry's order and
        // switches on the size, e[7].
        long stride = RowCopies.ENTRY.byteSize() / Long.BYTES;
        assertTrue(source.contains("copyRowsOf(table + " + stride + " * (jlong) blockIdx.y);"), "the table's stride");
        assertTrue(source.contains("copyRowsOf(table.words + " + stride + " * (jlong) blockIdx.y);"),
                "the stride of the table passed by value");
        assertTrue(source.contains("jlong words[" + AgentDevice.TABLE_LONGS + "];"),
                "the table passed by value has the longs AgentDevice fills");
        assertTrue(source.contains("gather((const T*) e[" + RowCopies.index("src") + "], (T*) e["
                + RowCopies.index("dst") + "], (const jint*) e[" + RowCopies.index("map") + "], e["
                + RowCopies.index("n") + "], e["
                + RowCopies.index("srcPitch") + "], e[" + RowCopies.index("dstPitch") + "], (jint) e["
                + RowCopies.index("columns") + "]);"), "copyRows reads the entry in its order");
        assertTrue(source.contains("switch (e[" + RowCopies.index("size") + "])"), "the element size");
        assertEquals(64, RowCopies.ENTRY.byteSize());
    }
}

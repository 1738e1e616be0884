package org.colony.runtime.checkpoint;

import java.nio.charset.StandardCharsets;

/** The constants of the checkpoint format: its magic numbers, version and limits. */
public final class Layout {

    private Layout() {
    }

    /** The first eight bytes of every checkpoint: {@code \x89COLONY\n}, binary and unmistakable. */
    static final byte[] MAGIC = {(byte) 0x89, 'C', 'O', 'L', 'O', 'N', 'Y', '\n'};

    /** The eight bytes that open the trailer: {@code \nCKPTEND}. */
    static final byte[] END = "\nCKPTEND".getBytes(StandardCharsets.US_ASCII);

    /** The trailer's bytes: {@link #END}, the content's length (8 bytes) and its CRC-32C (4 bytes). */
    static final int TRAILER = END.length + 8 + 4;

    /** The version of the format this Colony writes and reads. */
    public static final int VERSION = 1;

    /** The longest string a checkpoint holds, in bytes (names, types, descriptions). */
    static final int MAX_STRING = 1 << 16;
}

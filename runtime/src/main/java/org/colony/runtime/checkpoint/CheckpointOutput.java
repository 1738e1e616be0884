package org.colony.runtime.checkpoint;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;
import org.colony.ColonyException;

/**
 * Writes a checkpoint's bytes: the magic number and version first, then numbers, strings and columns in
 * little-endian order, then the trailer with the content's length and CRC-32C ({@link #finish}). An I/O error is
 * kept, and later writes are dropped, until {@link #finish} throws it: over MPI ranks every rank runs the same writes
 * (the reads of the columns are collectives) and only rank 0 has a file, so no rank may stop half-way.
 */
public final class CheckpointOutput {

    private final OutputStream out;
    private final CRC32C crc = new CRC32C();
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    private long length;
    private IOException failure;

    /**
     * Starts a checkpoint on {@code out}: writes the magic number and the format's version.
     *
     * @param out where the bytes go (a file's stream; a null stream on the ranks that do not write)
     */
    public CheckpointOutput(OutputStream out) {
        this.out = out;
        for (byte b : Layout.MAGIC) {
            u8(b);
        }
        i32(Layout.VERSION);
    }

    private void room(int bytes) {
        if (buffer.remaining() < bytes) {
            drain();
        }
    }

    private void drain() {
        buffer.flip();
        crc.update(buffer.array(), 0, buffer.limit());
        length += buffer.limit();
        if (failure == null) {
            try {
                out.write(buffer.array(), 0, buffer.limit());
            } catch (IOException e) {
                failure = e;
            }
        }
        buffer.clear();
    }

    /**
     * Writes one byte.
     *
     * @param v the byte, as its low eight bits
     */
    public void u8(int v) {
        room(1);
        buffer.put((byte) v);
    }

    /**
     * Writes an int.
     *
     * @param v the value
     */
    public void i32(int v) {
        room(4);
        buffer.putInt(v);
    }

    /**
     * Writes a long.
     *
     * @param v the value
     */
    public void i64(long v) {
        room(8);
        buffer.putLong(v);
    }

    /**
     * Writes a double as its bits (a NaN's payload kept).
     *
     * @param v the value
     */
    public void f64(double v) {
        i64(Double.doubleToRawLongBits(v));
    }

    /**
     * Writes a string: its UTF-8 length as an int, then its bytes.
     *
     * @param s the string, at most 64 KiB in UTF-8
     */
    public void str(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > Layout.MAX_STRING) {
            throw new ColonyException("a checkpoint holds strings of at most " + Layout.MAX_STRING + " bytes, not "
                    + bytes.length + " (" + s.substring(0, 40) + "...)");
        }
        i32(bytes.length);
        for (byte b : bytes) {
            u8(b);
        }
    }

    /**
     * Writes the values of a primitive array, with no length: the reader knows it from what came before.
     *
     * @param column a {@code double[]}, {@code float[]}, {@code long[]}, {@code int[]}, {@code short[]}, {@code byte[]}
     *     or {@code boolean[]} (one byte a value, 0 or 1)
     */
    public void column(Object column) {
        switch (column) {
            case double[] c -> {
                for (double v : c) {
                    room(8);
                    buffer.putLong(Double.doubleToRawLongBits(v));
                }
            }
            case float[] c -> {
                for (float v : c) {
                    room(4);
                    buffer.putInt(Float.floatToRawIntBits(v));
                }
            }
            case long[] c -> {
                for (long v : c) {
                    room(8);
                    buffer.putLong(v);
                }
            }
            case int[] c -> {
                for (int v : c) {
                    room(4);
                    buffer.putInt(v);
                }
            }
            case short[] c -> {
                for (short v : c) {
                    room(2);
                    buffer.putShort(v);
                }
            }
            case byte[] c -> {
                for (byte v : c) {
                    room(1);
                    buffer.put(v);
                }
            }
            case boolean[] c -> {
                for (boolean v : c) {
                    room(1);
                    buffer.put((byte) (v ? 1 : 0));
                }
            }
            default -> throw new IllegalArgumentException("not a primitive column: " + column.getClass());
        }
    }

    /**
     * Writes the trailer (the content's length and CRC-32C) and flushes.
     *
     * @throws IOException the first error of any write, where one failed
     */
    public void finish() throws IOException {
        drain();
        long content = length;
        int sum = (int) crc.getValue();
        ByteBuffer trailer = ByteBuffer.allocate(Layout.TRAILER).order(ByteOrder.LITTLE_ENDIAN);
        trailer.put(Layout.END).putLong(content).putInt(sum);
        if (failure == null) {
            try {
                out.write(trailer.array());
                out.flush();
            } catch (IOException e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}

package org.colony.runtime.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.zip.CRC32;

/**
 * One array in NumPy's {@code .npy} format, version 1.0: the magic string, the header (a Python dict literal of the
 * dtype, the order and the shape, padded so that the data starts on a 64-byte boundary) and the values in C order,
 * little-endian. What {@code numpy.load} reads without any code of Colony's ({@code allow_pickle=False} is enough).
 *
 * @param descr the NumPy dtype ({@code <f8}, {@code <i4}, {@code |b1}, {@code <U12}, ...)
 * @param shape the shape, outermost first; empty for a scalar
 * @param values the values: a Java primitive array whose length is the product of the shape, or a String for a
 *     {@code <U} scalar
 */
record Npy(String descr, long[] shape, Object values) {

    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
    private static final int CHUNK = 1 << 16;

    /** The NumPy dtype of a Java primitive array's elements. */
    static String descrOf(Object values) {
        return switch (values) {
            case double[] d -> "<f8";
            case float[] f -> "<f4";
            case long[] l -> "<i8";
            case int[] i -> "<i4";
            case short[] s -> "<i2";
            case byte[] b -> "|i1";
            case boolean[] b -> "|b1";
            default -> throw new IllegalArgumentException("values=" + values.getClass().getSimpleName()
                    + " is not a primitive array");
        };
    }

    /** A unicode scalar ({@code <U}n): one string, read back with {@code str(numpy.load(f)[()])}. */
    static Npy text(String s) {
        return new Npy("<U" + Math.max(1, s.codePointCount(0, s.length())), new long[0], s);
    }

    /** The header, magic string included, padded with spaces and a newline to a multiple of 64 bytes. */
    byte[] header() {
        StringBuilder shapeText = new StringBuilder("(");
        for (long s : shape) {
            shapeText.append(s).append(", ");
        }
        if (shape.length > 1) {
            shapeText.setLength(shapeText.length() - 2);
        } else if (shape.length == 1) {
            shapeText.setLength(shapeText.length() - 1);
        }
        shapeText.append(')');
        String dict = String.format(Locale.ROOT, "{'descr': '%s', 'fortran_order': False, 'shape': %s, }", descr,
                shapeText);
        int unpadded = MAGIC.length + 2 + dict.length() + 1;
        int total = (unpadded + 63) / 64 * 64;
        byte[] out = new byte[total];
        System.arraycopy(MAGIC, 0, out, 0, MAGIC.length);
        int headerLength = total - MAGIC.length - 2;
        out[MAGIC.length] = (byte) headerLength;
        out[MAGIC.length + 1] = (byte) (headerLength >>> 8);
        byte[] text = dict.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(text, 0, out, MAGIC.length + 2, text.length);
        for (int i = MAGIC.length + 2 + text.length; i < total - 1; i++) {
            out[i] = ' ';
        }
        out[total - 1] = '\n';
        return out;
    }

    /** {@return the bytes of the whole array, header included} */
    long bytes() {
        return header().length + dataBytes();
    }

    /** {@return the CRC-32 of the whole array, header included, as a ZIP entry stored without compression needs} */
    long crc() {
        CRC32 crc = new CRC32();
        crc.update(header());
        data(crc::update);
        return crc.getValue();
    }

    /** Writes the whole array, header included. */
    void writeTo(OutputStream out) throws IOException {
        out.write(header());
        IOException[] failed = new IOException[1];
        data((b, off, len) -> {
            if (failed[0] == null) {
                try {
                    out.write(b, off, len);
                } catch (IOException e) {
                    failed[0] = e;
                }
            }
        });
        if (failed[0] != null) {
            throw failed[0];
        }
    }

    private long dataBytes() {
        return switch (values) {
            case double[] d -> 8L * d.length;
            case float[] f -> 4L * f.length;
            case long[] l -> 8L * l.length;
            case int[] i -> 4L * i.length;
            case short[] s -> 2L * s.length;
            case byte[] b -> b.length;
            case boolean[] b -> b.length;
            case String s -> 4L * Math.max(1, s.codePointCount(0, s.length()));
            default -> throw new IllegalStateException("values=" + values.getClass().getSimpleName());
        };
    }

    /** Where the little-endian bytes of the values go, a chunk at a time. */
    private interface Sink {
        void accept(byte[] bytes, int offset, int length);
    }

    /** Hands the values' little-endian bytes to {@code sink}, a chunk at a time. */
    private void data(Sink sink) {
        ByteBuffer buf = ByteBuffer.allocate(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
        switch (values) {
            case double[] d -> {
                for (double v : d) {
                    flushIfFull(buf, 8, sink).putDouble(v);
                }
            }
            case float[] f -> {
                for (float v : f) {
                    flushIfFull(buf, 4, sink).putFloat(v);
                }
            }
            case long[] l -> {
                for (long v : l) {
                    flushIfFull(buf, 8, sink).putLong(v);
                }
            }
            case int[] a -> {
                for (int v : a) {
                    flushIfFull(buf, 4, sink).putInt(v);
                }
            }
            case short[] a -> {
                for (short v : a) {
                    flushIfFull(buf, 2, sink).putShort(v);
                }
            }
            case byte[] a -> {
                for (byte v : a) {
                    flushIfFull(buf, 1, sink).put(v);
                }
            }
            case boolean[] a -> {
                for (boolean v : a) {
                    flushIfFull(buf, 1, sink).put((byte) (v ? 1 : 0));
                }
            }
            case String s -> {
                int[] points = s.codePoints().toArray();
                if (points.length == 0) {
                    flushIfFull(buf, 4, sink).putInt(0);
                }
                for (int p : points) {
                    flushIfFull(buf, 4, sink).putInt(p);
                }
            }
            default -> throw new IllegalStateException("values=" + values.getClass().getSimpleName());
        }
        sink.accept(buf.array(), 0, buf.position());
    }

    private static ByteBuffer flushIfFull(ByteBuffer buf, int room, Sink sink) {
        if (buf.remaining() < room) {
            sink.accept(buf.array(), 0, buf.position());
            buf.clear();
        }
        return buf;
    }
}

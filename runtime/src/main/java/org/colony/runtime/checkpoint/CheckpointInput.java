package org.colony.runtime.checkpoint;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.colony.ColonyException;
import org.colony.kernel.ScalarType;
import org.colony.runtime.files.AtomicFile;

/**
 * Reads a checkpoint's bytes, refusing a file that is not one in one line. {@link #open} checks the magic number, the
 * version and the trailer (a truncated file has none); the reads then walk the content from its start, each checked
 * against the bytes left before anything is allocated, with the CRC-32C taken over every byte passed; {@link
 * #verify} compares it with the trailer's once the walk ends. Columns can be passed over in the walk ({@link #skip})
 * and read later from where they lie ({@link #column(long, ScalarType, int)}).
 */
public final class CheckpointInput implements AutoCloseable {

    private final Path file;
    private final FileChannel channel;
    /** The bytes before the trailer. */
    private final long content;
    private final int expectedCrc;
    private final CRC32C crc = new CRC32C();
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    /** The file position of the buffer's first byte. */
    private long bufferStart;
    private final int version;

    private CheckpointInput(Path file, FileChannel channel, long content, int expectedCrc) throws IOException {
        this.file = file;
        this.channel = channel;
        this.content = content;
        this.expectedCrc = expectedCrc;
        buffer.limit(0);
        byte[] magic = new byte[Layout.MAGIC.length];
        for (int i = 0; i < magic.length; i++) {
            magic[i] = (byte) u8();
        }
        if (!Arrays.equals(magic, Layout.MAGIC)) {
            throw refuse("not a Colony checkpoint (it does not start as one)");
        }
        this.version = i32();
    }

    /**
     * Opens a checkpoint file and checks it starts and ends as one of this version.
     *
     * @param file the file
     * @return the input, at the first byte after the version
     * @throws ColonyException in one line where the file cannot be read, is not a checkpoint, is of another version or
     *     is truncated
     */
    public static CheckpointInput open(Path file) {
        FileChannel channel = null;
        try {
            if (Files.isDirectory(file)) {
                throw new ColonyException("the checkpoint " + file + " is a directory; name a checkpoint file");
            }
            channel = FileChannel.open(file, StandardOpenOption.READ);
            long size = channel.size();
            int head = Layout.MAGIC.length + 4;
            ByteBuffer start = ByteBuffer.allocate(head).order(ByteOrder.LITTLE_ENDIAN);
            readFully(channel, start, 0);
            start.flip();
            byte[] magic = new byte[Layout.MAGIC.length];
            if (start.limit() == head) {
                start.get(magic);
            }
            if (!Arrays.equals(magic, Layout.MAGIC)) {
                throw new ColonyException(file + " is not a Colony checkpoint (it does not start as one)");
            }
            int version = start.getInt();
            if (version != Layout.VERSION) {
                throw new ColonyException(file + " is a checkpoint of format version " + version + "; this Colony reads "
                        + "version " + Layout.VERSION + " (resume it with the Colony that wrote it)");
            }
            ByteBuffer trailer = ByteBuffer.allocate(Layout.TRAILER).order(ByteOrder.LITTLE_ENDIAN);
            if (size < head + Layout.TRAILER) {
                throw new ColonyException("the checkpoint " + file + " is truncated (" + size + " bytes, with no end)");
            }
            readFully(channel, trailer, size - Layout.TRAILER);
            trailer.flip();
            byte[] end = new byte[Layout.END.length];
            trailer.get(end);
            long content = trailer.getLong();
            int sum = trailer.getInt();
            if (!Arrays.equals(end, Layout.END) || content != size - Layout.TRAILER) {
                throw new ColonyException("the checkpoint " + file + " is truncated or has bytes after its end (" + size
                        + " bytes; a run stopped while writing it leaves the previous checkpoint, not this)");
            }
            CheckpointInput in = new CheckpointInput(file, channel, content, sum);
            channel = null;
            return in;
        } catch (NoSuchFileException e) {
            throw new ColonyException("the checkpoint " + file + " does not exist");
        } catch (IOException e) {
            throw new ColonyException("cannot read the checkpoint " + file + ": " + AtomicFile.reason(e));
        } finally {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException e) {
                    // the refusal above is the one reported
                }
            }
        }
    }

    private static void readFully(FileChannel channel, ByteBuffer into, long position) throws IOException {
        while (into.hasRemaining()) {
            int n = channel.read(into, position + into.position());
            if (n < 0) {
                return;
            }
        }
    }

    /** {@return the format version the file declares} */
    public int version() {
        return version;
    }

    /** {@return the file} */
    public Path file() {
        return file;
    }

    /** {@return the position of the next byte the walk reads} */
    public long position() {
        return bufferStart + buffer.position();
    }

    /** {@return the content's bytes left after the next one the walk reads} */
    public long remaining() {
        return content - position();
    }

    /**
     * {@return a refusal of the file in one line: {@code the checkpoint FILE is corrupt: why}}
     *
     * @param why what is wrong
     */
    public ColonyException refuse(String why) {
        return new ColonyException("the checkpoint " + file + " is corrupt: " + why);
    }

    private void need(long bytes) {
        if (bytes < 0 || bytes > remaining()) {
            throw refuse("it ends inside a value at byte " + position());
        }
        if (buffer.remaining() < bytes) {
            refill();
        }
    }

    /** Moves the unread bytes to the buffer's start and reads more, up to the content's end. */
    private void refill() {
        long at = position();
        buffer.compact();
        bufferStart = at;
        try {
            long want = Math.min(buffer.remaining(), content - (at + buffer.position()));
            int from = buffer.position();
            buffer.limit(from + (int) want);
            while (buffer.hasRemaining()) {
                if (channel.read(buffer, bufferStart + buffer.position()) < 0) {
                    throw refuse("it is shorter than its trailer says");
                }
            }
            crc.update(buffer.array(), from, buffer.position() - from);
            buffer.flip();
        } catch (IOException e) {
            throw new ColonyException("cannot read the checkpoint " + file + ": " + AtomicFile.reason(e));
        }
    }

    /** {@return the next byte, 0 to 255} */
    public int u8() {
        need(1);
        return buffer.get() & 0xFF;
    }

    /** {@return the next int} */
    public int i32() {
        need(4);
        return buffer.getInt();
    }

    /** {@return the next long} */
    public long i64() {
        need(8);
        return buffer.getLong();
    }

    /** {@return the next double, from its bits} */
    public double f64() {
        return Double.longBitsToDouble(i64());
    }

    /** {@return the next string (UTF-8, at most 64 KiB)} */
    public String str() {
        int n = i32();
        if (n < 0 || n > Layout.MAX_STRING) {
            throw refuse("a string of " + n + " bytes at byte " + (position() - 4));
        }
        need(n);
        byte[] bytes = new byte[n];
        buffer.get(bytes);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw refuse("a string that is not UTF-8 at byte " + (position() - n));
        }
    }

    /**
     * {@return {@code n} as an int, refusing it unless {@code n} values of {@code width} bytes fit in the bytes left}
     *
     * @param n the number of values the file declares
     * @param width the bytes of each
     * @param what what they are, for the refusal
     */
    public int count(long n, int width, String what) {
        if (n < 0 || n > Integer.MAX_VALUE - 8 || n * width > remaining()) {
            throw refuse(what + ": " + n + " values, more than the file holds");
        }
        return (int) n;
    }

    /**
     * {@return the next {@code n} values of {@code type} as a primitive array}
     *
     * @param type their type
     * @param n how many, checked by {@link #count} already
     */
    public Object column(ScalarType type, int n) {
        Object out = type.newArray(n);
        for (int i = 0; i < n; ) {
            need(Math.min((long) n - i, 4096) * type.bytes());
            int m = Math.min(n - i, buffer.remaining() / type.bytes());
            take(buffer, type, out, i, m);
            i += m;
        }
        return out;
    }

    /**
     * Passes over {@code bytes} bytes (taking them into the checksum) and returns where they start.
     *
     * @param bytes how many
     * @return the position of the first
     */
    public long skip(long bytes) {
        if (bytes < 0 || bytes > remaining()) {
            throw refuse("it ends inside a column at byte " + position());
        }
        long at = position();
        long left = bytes;
        while (left > 0) {
            if (!buffer.hasRemaining()) {
                refill();
            }
            int m = (int) Math.min(left, buffer.remaining());
            buffer.position(buffer.position() + m);
            left -= m;
        }
        return at;
    }

    /**
     * Checks that the walk reached the content's end and the checksum matches the trailer's.
     *
     * @throws ColonyException where bytes are left over or the checksum differs
     */
    public void verify() {
        if (remaining() != 0) {
            throw refuse(remaining() + " bytes after the last collection");
        }
        if ((int) crc.getValue() != expectedCrc) {
            throw refuse("its checksum does not match its content (the file was changed or damaged)");
        }
    }

    /** {@return the CRC-32C of the content, as the trailer holds it} */
    public int checksum() {
        return expectedCrc;
    }

    /**
     * {@return {@code n} values of {@code type} read from {@code offset}, where {@link #skip} passed over them}
     *
     * @param offset where they start
     * @param type their type
     * @param n how many
     */
    public Object column(long offset, ScalarType type, int n) {
        Object out = type.newArray(n);
        ByteBuffer chunk = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
        long at = offset;
        try {
            for (int i = 0; i < n; ) {
                int m = Math.min(n - i, chunk.capacity() / type.bytes());
                chunk.clear().limit(m * type.bytes());
                readFully(channel, chunk, at);
                if (chunk.hasRemaining()) {
                    throw refuse("it is shorter than it was when checked");
                }
                chunk.flip();
                take(chunk, type, out, i, m);
                at += (long) m * type.bytes();
                i += m;
            }
        } catch (IOException e) {
            throw new ColonyException("cannot read the checkpoint " + file + ": " + AtomicFile.reason(e));
        }
        return out;
    }

    /** Copies {@code m} values of {@code type} from {@code from} into {@code out} at {@code at}. */
    private static void take(ByteBuffer from, ScalarType type, Object out, int at, int m) {
        switch (out) {
            case double[] c -> from.asDoubleBuffer().get(c, at, m);
            case float[] c -> from.asFloatBuffer().get(c, at, m);
            case long[] c -> from.asLongBuffer().get(c, at, m);
            case int[] c -> from.asIntBuffer().get(c, at, m);
            case short[] c -> from.asShortBuffer().get(c, at, m);
            case byte[] c -> from.get(from.position(), c, at, m);
            case boolean[] c -> {
                for (int i = 0; i < m; i++) {
                    c[at + i] = from.get(from.position() + i) != 0;
                }
            }
            default -> throw new IllegalArgumentException("not a primitive column: " + out.getClass());
        }
        from.position(from.position() + m * type.bytes());
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing was written
        }
    }
}

package org.colony.cuda.tools;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.colony.ColonyException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.Nccl;
import org.colony.cuda.internal.bind.Probe;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.transport.NcclTransport;
import org.colony.runtime.transport.Transport.Message;

/**
 * Checks NCCL and {@link NcclTransport} on this machine's GPUs: ring, self, two-way, ordered and mixed
 * exchanges of 4 B to 256 MiB, every received byte compared on the host with what was sent, the large ones
 * timed. Prints a table and one {@code PASS} or {@code FAIL} line; exits with 1 on FAIL.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp CUDA_BACKEND_JAR:RUNTIME_JAR:KERNEL_JAR:ANNOTATIONS_JAR \
 *     org.colony.cuda.tools.NcclCheck [DEVICES [MAX_BYTES]]
 * </pre>
 *
 * DEVICES defaults to every GPU; MAX_BYTES (default 268435456) caps the largest message.
 */
// Device buffers are handed to the transport as segments of their device address: a restricted method.
@SuppressWarnings("restricted")
public final class NcclCheck {

    private static final long KIB = 1024;
    private static final long MIB = 1024 * KIB;
    /** The message sizes: a word, an odd size, then powers up to 256 MiB. */
    private static final long[] SIZES = {4, 1027, 64 * KIB, MIB, 16 * MIB, 256 * MIB};
    /** Sizes from here on are timed. */
    private static final long TIMED_FROM = MIB;
    /** The largest size of the tests that send several messages per pair. */
    private static final long ORDERED_MAX = 16 * MIB;
    /** Message slots in a buffer are aligned to this many bytes. */
    private static final long SLOT_ALIGN = 256;
    private static final byte POISON = (byte) 0xEE;

    private final List<CudaDevice> devices;
    private final PrintStream out;
    private final long maxBytes;
    private final boolean timing;
    private final List<DeviceBuffer> send = new ArrayList<>();
    private final List<DeviceBuffer> recv = new ArrayList<>();
    private final MemorySegment host;
    private final List<String> failures = new ArrayList<>();
    private long verifiedBytes;
    private int exchanges;

    /** One message of a test: its ends, size, content seed and where it lies in the send and receive buffers. */
    private record Spec(int from, int to, long size, long seed, long sendOffset, long recvOffset) {
    }

    private NcclCheck(List<CudaDevice> devices, PrintStream out, long maxBytes, boolean timing, Arena arena) {
        this.devices = devices;
        this.out = out;
        this.maxBytes = maxBytes;
        this.timing = timing;
        this.host = arena.allocate(maxBytes, Long.BYTES);
        long capacity = Math.max(maxBytes, 3 * slot(Math.min(ORDERED_MAX, maxBytes)));
        capacity = Math.max(capacity, 2 * slot(Math.min(MIB + 12, maxBytes)));
        for (CudaDevice d : devices) {
            d.makeCurrent();
            send.add(DeviceBuffer.zeroed(capacity));
            recv.add(DeviceBuffer.zeroed(capacity));
        }
    }

    /**
     * Runs the check from the command line.
     *
     * @param args the number of devices (default: all) and the largest message in bytes (default 256 MiB)
     */
    public static void main(String[] args) {
        PrintStream out = System.out;
        int code;
        try {
            String why = Probe.driver();
            if (why != null) {
                throw new ColonyException(why);
            }
            int n = args.length > 0 ? Integer.parseInt(args[0]) : Driver.deviceCount();
            long max = args.length > 1 ? Long.parseLong(args[1]) : SIZES[SIZES.length - 1];
            List<String> failures = run(n, max, true, out);
            code = failures.isEmpty() ? 0 : 1;
        } catch (NumberFormatException e) {
            out.println("FAIL: usage: NcclCheck [DEVICES [MAX_BYTES]]: " + e.getMessage());
            code = 1;
        } catch (RuntimeException e) {
            out.println("FAIL: " + chain(e));
            code = 1;
        }
        System.exit(code);
    }

    /**
     * Opens devices 0 to {@code n - 1}, runs every test and prints the table and the verdict.
     *
     * @param maxBytes the largest message (a multiple of 4)
     * @param timing whether to time the large exchanges
     * @return one line per failure; empty when everything passed
     */
    public static List<String> run(int n, long maxBytes, boolean timing, PrintStream out) {
        if (maxBytes < 4 || maxBytes % 4 != 0) {
            throw new ColonyException("MAX_BYTES=" + maxBytes + " must be a positive multiple of 4");
        }
        int available = Driver.deviceCount();
        if (n < 1 || n > available) {
            throw new ColonyException("DEVICES=" + n + " is out of range; this machine has " + available + " GPUs");
        }
        String nccl = Nccl.unavailableReason();
        if (nccl != null) {
            throw new ColonyException(nccl);
        }
        out.println("NCCL check: NCCL " + Nccl.versionText(Nccl.version()) + ", CUDA driver "
                + Driver.driverVersion() / 1000 + "." + Driver.driverVersion() % 1000 / 10 + ", " + n + " of "
                + available + " GPUs");
        String nvls = System.getenv("NCCL_NVLS_ENABLE");
        if (!"0".equals(nvls)) {
            out.println("WARNING: NCCL_NVLS_ENABLE is " + (nvls == null ? "not set" : "'" + nvls + "'")
                    + "; set NCCL_NVLS_ENABLE=0: point-to-point sends do not use NVLink SHARP (multicast), and setting"
                    + " it up can fail or hang where multicast is not available");
        }
        List<CudaDevice> devices = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            for (int i = 0; i < n; i++) {
                devices.add(CudaDevice.open(i));
                out.println("  partition " + i + ": " + devices.get(i));
            }
            NcclCheck check = new NcclCheck(devices, out, maxBytes, timing, arena);
            try {
                check.all();
            } finally {
                check.free();
            }
            return check.verdict();
        } finally {
            for (CudaDevice d : devices) {
                d.close();
            }
        }
    }

    private void all() {
        out.printf(Locale.ROOT, "%-10s %-5s %10s %5s %-6s %12s %10s %10s%n", "test", "init", "size", "msgs", "check",
                "us/exchange", "GB/s/dir", "GB/s all");
        int n = devices.size();
        try (NcclTransport t = NcclTransport.open(devices, NcclTransport.Init.ALL)) {
            for (long size : sizes(maxBytes)) {
                if (n > 1) {
                    test(t, "ring", size, ring(size, 1, 0), true);
                    test(t, "two-way", size, twoWay(size, 2), true);
                }
                test(t, "self", size, self(size, 3), true);
            }
            if (n > 1) {
                for (long size : sizes(Math.min(ORDERED_MAX, maxBytes))) {
                    if (size == 4 || size == 1027 || size >= MIB) {
                        test(t, "ordered", size, ordered(size), false);
                    }
                }
            }
            test(t, "mixed", Math.min(MIB + 12, maxBytes), mixed(Math.min(MIB + 12, maxBytes)), false);
            streamOrder(t, maxBytes);
            mismatchIsRejected(t);
            t.synchronize();
        }
        try (NcclTransport t = NcclTransport.open(devices, NcclTransport.Init.RANKS)) {
            for (long size : new long[] {4, Math.min(MIB, maxBytes)}) {
                test(t, n > 1 ? "ring" : "self", size, n > 1 ? ring(size, 7, 0) : self(size, 8), false);
            }
            t.synchronize();
        }
    }

    private static List<Long> sizes(long max) {
        List<Long> sizes = new ArrayList<>();
        for (long s : SIZES) {
            if (s <= max) {
                sizes.add(s);
            }
        }
        if (sizes.getLast() != max && max > 4) {
            sizes.add(max);
        }
        return sizes;
    }

    private static long slot(long size) {
        return (size + SLOT_ALIGN - 1) / SLOT_ALIGN * SLOT_ALIGN;
    }

    private static long seed(int test, long size, int from, int to, int k) {
        return ((long) test << 56) ^ (size << 16) ^ ((long) k << 12) ^ ((long) from << 6) ^ to;
    }

    /** Partition p sends to p + 1 (the ring), one message each, at {@code offset} in the buffers. */
    private List<Spec> ring(long size, int test, long offset) {
        int n = devices.size();
        List<Spec> specs = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            int to = (p + 1) % n;
            specs.add(new Spec(p, to, size, seed(test, size, p, to, 0), offset, offset));
        }
        return specs;
    }

    private List<Spec> twoWay(long size, int test) {
        return List.of(new Spec(0, 1, size, seed(test, size, 0, 1, 0), 0, 0),
                new Spec(1, 0, size, seed(test, size, 1, 0, 0), 0, 0));
    }

    private List<Spec> self(long size, int test) {
        List<Spec> specs = new ArrayList<>();
        for (int p = 0; p < devices.size(); p++) {
            specs.add(new Spec(p, p, size, seed(test, size, p, p, 0), 0, 0));
        }
        return specs;
    }

    /** Three messages of one size each way between partitions 0 and 1: they must arrive in list order. */
    private List<Spec> ordered(long size) {
        List<Spec> specs = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            specs.add(new Spec(0, 1, size, seed(4, size, 0, 1, k), k * slot(size), k * slot(size)));
            specs.add(new Spec(1, 0, size, seed(4, size, 1, 0, k), k * slot(size), k * slot(size)));
        }
        return specs;
    }

    /** The ring, a self message and a zero-byte message ahead of each ring message, in one exchange. */
    private List<Spec> mixed(long size) {
        int n = devices.size();
        List<Spec> specs = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            int to = (p + 1) % n;
            specs.add(new Spec(p, to, 0, 0, 0, 0));
            specs.add(new Spec(p, to, size, seed(5, size, p, to, 0), 0, 0));
            specs.add(new Spec(p, p, size, seed(5, size, p, p, 1), slot(size), slot(size)));
        }
        return specs;
    }

    private MemorySegment sendSegment(Spec s) {
        return MemorySegment.ofAddress(send.get(s.from()).pointer() + s.sendOffset()).reinterpret(s.size());
    }

    private MemorySegment recvSegment(Spec s) {
        return MemorySegment.ofAddress(recv.get(s.to()).pointer() + s.recvOffset()).reinterpret(s.size());
    }

    private List<Message> sends(List<Spec> specs) {
        return specs.stream().map(s -> new Message(s.from(), s.to(), sendSegment(s))).toList();
    }

    private List<Message> receives(List<Spec> specs) {
        return specs.stream().map(s -> new Message(s.from(), s.to(), recvSegment(s))).toList();
    }

    /**
     * Uploads each message's pattern, poisons its receive slot, exchanges once and verifies every byte, then
     * times repeated exchanges. The download that verifies is issued on stream 0 without synchronising first:
     * it tests that received data is ordered before later stream-0 work.
     */
    private void test(NcclTransport t, String name, long size, List<Spec> specs, boolean timed) {
        for (Spec s : specs) {
            if (s.size() == 0) {
                continue;
            }
            pattern(host, s.size(), s.seed());
            devices.get(s.from()).makeCurrent();
            send.get(s.from()).upload(host.asSlice(0, s.size()), s.sendOffset());
            devices.get(s.to()).makeCurrent();
            Driver.memset8(recv.get(s.to()).pointer() + s.recvOffset(), POISON, s.size());
        }
        List<Message> sends = sends(specs);
        List<Message> receives = receives(specs);
        t.exchange(sends, receives);
        exchanges++;
        boolean ok = true;
        for (Spec s : specs) {
            ok &= verify(name, s, t);
        }
        String time = "";
        if (ok && timing && timed && size >= TIMED_FROM) {
            time = time(t, sends, receives, size, specs);
        }
        row(name, t, size, specs.size(), ok ? "ok" : "WRONG", time);
    }

    private String time(NcclTransport t, List<Message> sends, List<Message> receives, long size, List<Spec> specs) {
        long moved = specs.stream().mapToLong(Spec::size).sum();
        int reps = Math.clamp(4L * 1024 * MIB / Math.max(1, moved), 5, 200);
        t.synchronize();
        long start = System.nanoTime();
        for (int i = 0; i < reps; i++) {
            t.exchange(sends, receives);
        }
        t.synchronize();
        double seconds = (System.nanoTime() - start) / 1e9 / reps;
        exchanges += reps;
        return String.format(Locale.ROOT, "%12.1f %10.2f %10.2f", seconds * 1e6, size / seconds / 1e9,
                moved / seconds / 1e9);
    }

    private void row(String name, NcclTransport t, long size, int messages, String result, String time) {
        String init = t.init().name().toLowerCase(Locale.ROOT);
        out.printf(Locale.ROOT, "%-10s %-5s %10s %5d %-6s %s%n", name, init, human(size), messages, result, time);
        out.flush();
    }

    /**
     * The send buffers are written by a memset on stream 0 just before the exchange and overwritten by another
     * just after: the exchange must send the first value, never stale bytes and never the second.
     */
    private void streamOrder(NcclTransport t, long size) {
        List<Spec> specs = devices.size() > 1 ? ring(size, 6, 0) : self(size, 6);
        for (Spec s : specs) {
            devices.get(s.to()).makeCurrent();
            Driver.memset8(recv.get(s.to()).pointer(), POISON, size);
        }
        for (Spec s : specs) {
            devices.get(s.from()).makeCurrent();
            Driver.memset32(send.get(s.from()).pointer(), before(s), size / 4);
        }
        t.exchange(sends(specs), receives(specs));
        exchanges++;
        for (Spec s : specs) {
            devices.get(s.from()).makeCurrent();
            Driver.memset32(send.get(s.from()).pointer(), 0x0BADF00D, size / 4);
        }
        boolean ok = true;
        for (Spec s : specs) {
            devices.get(s.to()).makeCurrent();
            recv.get(s.to()).download(host, 0, size);
            long word = before(s) & 0xffffffffL;
            word |= word << 32;
            for (long i = 0; i < size / 8; i++) {
                long got = host.getAtIndex(JAVA_LONG, i);
                if (got != word) {
                    fail("stream-order from=" + s.from() + " to=" + s.to() + " size=" + size + ": word " + i + " is 0x"
                            + Long.toHexString(got) + ", expected 0x" + Long.toHexString(word)
                            + " (the exchange is not ordered with stream 0)");
                    ok = false;
                    break;
                }
            }
            verifiedBytes += size;
        }
        row("order", t, size, specs.size(), ok ? "ok" : "WRONG", "");
    }

    private static int before(Spec s) {
        return 0x5A000000 | (s.from() << 12) | s.to();
    }

    /** A mismatched exchange is refused before anything is enqueued, and the transport goes on working. */
    private void mismatchIsRejected(NcclTransport t) {
        int to = devices.size() > 1 ? 1 : 0;
        MemorySegment four = MemorySegment.ofAddress(send.getFirst().pointer()).reinterpret(4);
        MemorySegment eight = MemorySegment.ofAddress(recv.get(to).pointer()).reinterpret(8);
        String result = "ok";
        try {
            t.exchange(List.of(new Message(0, to, four)), List.of(new Message(0, to, eight)));
            fail("reject: a 4-byte send to an 8-byte receive was accepted");
            result = "WRONG";
        } catch (ColonyException e) {
            if (!e.getMessage().contains("which expects 8")) {
                fail("reject: unexpected message: " + e.getMessage());
                result = "WRONG";
            }
        }
        row("reject", t, 4, 1, result, "");
        test(t, "after", 4, devices.size() > 1 ? ring(4, 9, 0) : self(4, 9), false);
    }

    /** Downloads a received message and compares it with its pattern; on mismatch, tells data from ordering. */
    private boolean verify(String test, Spec s, NcclTransport t) {
        if (s.size() == 0) {
            return true;
        }
        devices.get(s.to()).makeCurrent();
        recv.get(s.to()).download(host, s.recvOffset(), s.size());
        long bad = firstMismatch(host, s.size(), s.seed());
        verifiedBytes += s.size();
        if (bad < 0) {
            return true;
        }
        String where = test + " from=" + s.from() + " to=" + s.to() + " size=" + s.size() + ": byte " + bad + " is 0x"
                + hex(host.get(JAVA_BYTE, bad)) + ", expected 0x" + hex(patternByte(s.seed(), bad));
        t.synchronize();
        devices.get(s.to()).makeCurrent();
        recv.get(s.to()).download(host, s.recvOffset(), s.size());
        boolean late = firstMismatch(host, s.size(), s.seed()) < 0;
        fail(where + (late ? " before synchronising, right after it: the exchange is not ordered before stream-0 work"
                : " (still wrong after synchronising)"));
        return false;
    }

    private void fail(String line) {
        failures.add(line);
        out.println("  MISMATCH " + line);
    }

    private List<String> verdict() {
        String summary = exchanges + " exchanges, " + String.format(Locale.ROOT, "%.2f GiB", verifiedBytes / (double) (1024 * MIB))
                + " verified byte for byte on "
                + devices.size() + " GPU" + (devices.size() == 1 ? "" : "s") + " (NCCL "
                + Nccl.versionText(Nccl.version()) + ")";
        if (failures.isEmpty()) {
            out.println("PASS: " + summary);
        } else {
            out.println("FAIL: " + failures.size() + " mismatch" + (failures.size() == 1 ? "" : "es") + " in " + summary
                    + "; first: " + failures.getFirst());
        }
        return List.copyOf(failures);
    }

    private void free() {
        for (int i = 0; i < devices.size(); i++) {
            devices.get(i).makeCurrent();
            send.get(i).close();
            recv.get(i).close();
        }
    }

    // The patterns: splitmix64 of (seed, word index), little-endian words, the tail cut from the next word.

    private static long word(long seed, long index) {
        long z = seed * 0xD1B54A32D192ED03L + index * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static byte patternByte(long seed, long offset) {
        return (byte) (word(seed, offset / 8) >>> (8 * (offset % 8)));
    }

    static void pattern(MemorySegment host, long size, long seed) {
        long words = size / 8;
        for (long i = 0; i < words; i++) {
            host.setAtIndex(JAVA_LONG, i, toLittleEndian(word(seed, i)));
        }
        for (long b = words * 8; b < size; b++) {
            host.set(JAVA_BYTE, b, patternByte(seed, b));
        }
    }

    /** The offset of the first byte that differs from the pattern, or -1. */
    static long firstMismatch(MemorySegment host, long size, long seed) {
        long words = size / 8;
        for (long i = 0; i < words; i++) {
            if (host.getAtIndex(JAVA_LONG, i) != toLittleEndian(word(seed, i))) {
                for (long b = i * 8; ; b++) {
                    if (host.get(JAVA_BYTE, b) != patternByte(seed, b)) {
                        return b;
                    }
                }
            }
        }
        for (long b = words * 8; b < size; b++) {
            if (host.get(JAVA_BYTE, b) != patternByte(seed, b)) {
                return b;
            }
        }
        return -1;
    }

    /** A word whose bytes in memory, lowest address first, are its bytes from least significant up. */
    private static long toLittleEndian(long w) {
        return ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? w : Long.reverseBytes(w);
    }

    private static String hex(byte b) {
        return String.format(Locale.ROOT, "%02x", b & 0xff);
    }

    static String human(long bytes) {
        if (bytes >= MIB * 1024 && bytes % (MIB * 1024) == 0) {
            return bytes / (MIB * 1024) + " GiB";
        }
        if (bytes >= MIB && bytes % MIB == 0) {
            return bytes / MIB + " MiB";
        }
        if (bytes >= KIB && bytes % KIB == 0) {
            return bytes / KIB + " KiB";
        }
        return bytes + " B";
    }

    private static String chain(Throwable t) {
        StringBuilder sb = new StringBuilder(String.valueOf(t.getMessage()));
        for (Throwable s : t.getSuppressed()) {
            sb.append(" [also: ").append(s.getMessage()).append(']');
        }
        for (Throwable c = t.getCause(); c != null; c = c.getCause()) {
            sb.append(" [cause: ").append(c).append(']');
        }
        return sb.toString();
    }
}

package org.colony.runtime.cluster;

import java.lang.foreign.MemorySegment;
import org.colony.runtime.transport.Transport;

/** A simulation in this process alone: every partition is local and every collective is the value itself. */
public final class SingleProcess implements Cluster {

    /** The one instance. */
    public static final SingleProcess INSTANCE = new SingleProcess();

    private SingleProcess() {
    }

    @Override
    public int rank() {
        return 0;
    }

    @Override
    public int size() {
        return 1;
    }

    @Override
    public String description() {
        return "1 process";
    }

    @Override
    public long[] sum(long[] values) {
        return values;
    }

    @Override
    public long max(long value) {
        return value;
    }

    @Override
    public byte[][] gather(byte[] mine) {
        return new byte[][] {mine};
    }

    @Override
    public byte[] broadcast(byte[] mine, int root) {
        return mine;
    }

    @Override
    public void broadcast(MemorySegment buffer, int root) {
    }

    @Override
    public Transport transport(Transport local, int partitions, Staging staging) {
        return local;
    }

    @Override
    public void abort(int code) {
        Runtime.getRuntime().halt(code);
    }
}

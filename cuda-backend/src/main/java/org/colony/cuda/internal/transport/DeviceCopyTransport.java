package org.colony.cuda.internal.transport;

import java.lang.foreign.Arena;
import java.util.List;
import org.colony.cuda.internal.launch.CudaContext;
import org.colony.cuda.internal.launch.Grids;
import org.colony.cuda.internal.launch.KernelParams;
import org.colony.runtime.transport.Delivery;
import org.colony.runtime.transport.Traffic;
import org.colony.runtime.transport.Transport;

/**
 * The transport of partitions that all live on one GPU ({@code --partitions K} on the cuda backend): a message is one
 * copy kernel ({@code colony_copy_message}) on the context's stream, ordered on the device with the kernels before and
 * after it and held with them for the tick's CUDA graph (a copy of the driver's would end the run of launches), where
 * the sender and the receiver have buffers of their own; none where the sender packed into the receiver's buffer
 * ({@link #oneMemory}), and a grid's place halos do not come here at all (one copy kernel a column,
 * {@code PlaceBlock.copyTo}).
 */
public final class DeviceCopyTransport implements Transport {

    /** The blocks of every message's copy. */
    private static final int BLOCKS = 64;

    private final CudaContext cx;
    private final Arena arena = Arena.ofShared();
    private final KernelParams params = new KernelParams(arena, 8, 4);
    private final Traffic traffic = new Traffic();

    /** @param cx the context of the GPU every partition lives on */
    public DeviceCopyTransport(CudaContext cx) {
        this.cx = cx;
    }

    @Override
    public String name() {
        return "device copy";
    }

    @Override
    public boolean deviceMemory() {
        return true;
    }

    @Override
    public synchronized void exchange(List<Message> sends, List<Message> receives) {
        cx.device().makeCurrent();
        for (Delivery d : Delivery.match(sends, receives)) {
            if (d.bytes() > 0 && !d.send().buffer().equals(d.receive().buffer())) { // (the sender packed into it)
                long bytes = d.bytes();
                params.begin().add(d.send().buffer().address()).add(d.receive().buffer().address()).add(bytes);
                // (one grid for every size, the kernel striding over the message: a graph matches launches by shape)
                cx.launch(cx.support().function("colony_copy_message"), BLOCKS, 1, 1, Grids.THREADS, 1, 1, params, false,
                        "colony_copy_message");
            }
            traffic.add(d);
        }
    }

    @Override
    public boolean oneMemory() {
        return true;
    }

    @Override
    public Traffic traffic() {
        return traffic;
    }

    @Override
    public void close() {
        arena.close();
    }
}

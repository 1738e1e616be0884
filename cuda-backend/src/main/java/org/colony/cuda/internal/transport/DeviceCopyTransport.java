package org.colony.cuda.internal.transport;

import java.util.List;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.runtime.transport.Delivery;
import org.colony.runtime.transport.Traffic;
import org.colony.runtime.transport.Transport;

/**
 * The transport of partitions that all live on one GPU ({@code --partitions K} on the cuda backend): a message is one
 * device-to-device copy, ordered on the device with the kernels before and after it, where the sender and the receiver
 * have buffers of their own; none where the sender packed into the receiver's buffer ({@link #oneMemory}), and a grid's
 * place halos do not come here at all (one copy kernel a column, {@code PlaceBlock.copyTo}).
 */
public final class DeviceCopyTransport implements Transport {

    private final CudaDevice device;
    private final Traffic traffic = new Traffic();

    /** @param device the GPU every partition lives on */
    public DeviceCopyTransport(CudaDevice device) {
        this.device = device;
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
    public void exchange(List<Message> sends, List<Message> receives) {
        device.makeCurrent();
        for (Delivery d : Delivery.match(sends, receives)) {
            if (d.bytes() > 0 && !d.send().buffer().equals(d.receive().buffer())) { // (the sender packed into it)
                Driver.copyOnDevice(d.receive().buffer().address(), d.send().buffer().address(), d.bytes());
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
    }
}

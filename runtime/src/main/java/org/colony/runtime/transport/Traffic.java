package org.colony.runtime.transport;

/**
 * What a transport has carried: the messages delivered and their bytes, counted as each delivery is made (a message
 * of no bytes counts as one message). Every {@link Transport} keeps one, so that the runtime and its tests read
 * them all alike.
 */
public final class Traffic {

    private long messages;
    private long bytes;

    /** Nothing carried yet. */
    public Traffic() {
    }

    /**
     * Counts one delivery.
     *
     * @param delivery a message delivered
     */
    public void add(Delivery delivery) {
        messages++;
        bytes += delivery.bytes();
    }

    /**
     * Counts one message of {@code bytes} that left or reached this process.
     *
     * @param bytes the message's size in bytes
     */
    public void add(long bytes) {
        messages++;
        this.bytes += bytes;
    }

    /** Forgets what was counted (a transport's warm-up is not traffic). */
    public void reset() {
        messages = 0;
        bytes = 0;
    }

    /** {@return messages delivered so far} */
    public long messages() {
        return messages;
    }

    /** {@return bytes delivered so far} */
    public long bytes() {
        return bytes;
    }
}

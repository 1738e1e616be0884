package org.colony.cuda.internal.store;

import java.lang.foreign.MemorySegment;
import org.colony.runtime.spi.DeviceBirthRound;

/**
 * The steps of {@link DeviceBirthRound} that a partition hands to its {@link CrossBirths} as they are; the partition
 * itself begins and ends the births and takes the children received.
 */
interface CrossBirthsRound extends DeviceBirthRound {

    /** {@return the partition's births settled with the other partitions} */
    CrossBirths cross();

    @Override
    default void childRequestsInto(MemorySegment[] into) {
        cross().sendInto(into);
    }

    @Override
    default void childVerdictsFrom(MemorySegment[] from) {
        cross().readFrom(from);
    }

    @Override
    default void splitChildren() {
        cross().split();
    }

    @Override
    default MemorySegment childRequests(int to) {
        return cross().requestsTo(to);
    }

    @Override
    default MemorySegment[] receiveChildRequests() {
        return cross().receiveRequests();
    }

    @Override
    default void settleChildren() {
        cross().settle();
    }

    @Override
    default MemorySegment childVerdicts(int to) {
        return cross().verdictsTo(to);
    }

    @Override
    default MemorySegment[] receiveChildVerdicts() {
        return cross().receiveVerdicts();
    }

    @Override
    default void endChildRound(int next) {
        cross().endRound(next);
    }

    @Override
    default long[] emigrantCounts() {
        return cross().leaving();
    }

    @Override
    default MemorySegment emigrants(int to) {
        return cross().emigrants(to);
    }

    @Override
    default MemorySegment[] receiveEmigrants(long[] counts) {
        return cross().receive(counts);
    }
}

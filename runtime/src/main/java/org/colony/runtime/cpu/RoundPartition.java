package org.colony.runtime.cpu;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.colony.runtime.spi.AgentPartition;

/**
 * A partition whose {@code manageAll} steps are those of a {@link ManageRound} over host columns (the CPU's
 * partitions, and the GPU's, which stage their agents through host memory for it): the steps between the
 * start and the end of the round go straight to it.
 */
public interface RoundPartition extends AgentPartition {

    /** {@return the round of the {@code manageAll} under way} */
    ManageRound round();

    @Override
    default long requestBytes() {
        return round().requestBytes();
    }

    @Override
    default void packRequests(int to, MemorySegment buffer) {
        round().packRequests(to, buffer);
    }

    @Override
    default void resolveMoves(List<Batch> incoming) {
        round().resolve(incoming);
    }

    @Override
    default long admitted(int from) {
        return round().admitted(from);
    }

    @Override
    default void packVerdicts(int to, MemorySegment buffer) {
        round().packVerdicts(to, buffer);
    }

    @Override
    default long leave(int to, MemorySegment verdicts) {
        return round().leave(to, verdicts);
    }

    @Override
    default void packMovers(int to, MemorySegment buffer) {
        round().packMovers(to, buffer);
    }

    @Override
    default int birthTries() {
        return round().birthTries();
    }

    @Override
    default long[] birthRequests(int round) {
        return round().birthRequests(round);
    }

    @Override
    default int birthRequestBytes() {
        return round().birthRequestBytes();
    }

    @Override
    default void packBirthRequests(int to, MemorySegment buffer) {
        round().packBirthRequests(to, buffer);
    }

    @Override
    default void resolveBirths(List<Batch> incoming) {
        round().resolveBirths(incoming);
    }

    @Override
    default long admittedBirths(int from) {
        return round().admittedBirths(from);
    }

    @Override
    default void packBirthVerdicts(int to, MemorySegment buffer) {
        round().packBirthVerdicts(to, buffer);
    }

    @Override
    default long takeBirthVerdicts(int to, MemorySegment verdicts) {
        return round().takeBirthVerdicts(to, verdicts);
    }

    @Override
    default long childBytes() {
        return round().childBytes();
    }

    @Override
    default void packChildren(int to, MemorySegment buffer) {
        round().packChildren(to, buffer);
    }

    @Override
    default void unpackChildren(Batch arriving) {
        round().unpackChildren(arriving);
    }

    @Override
    default long settleBirths() {
        return round().settleBirths();
    }

    @Override
    default void packBirths(MemorySegment buffer) {
        round().packBirths(buffer);
    }
}

package org.colony.runtime.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every resource is closed whatever the others do; the first failure carries the later ones. */
class CloseablesTest {

    private final List<String> closed = new ArrayList<>();

    private AutoCloseable ok(String name) {
        return () -> closed.add(name);
    }

    private AutoCloseable failing(String name, RuntimeException e) {
        return () -> {
            closed.add(name);
            throw e;
        };
    }

    @Test
    void closeAll_closesInOrder_andSkipsNulls() {
        Closeables.closeAll(ok("a"), null, ok("b"), ok("c"));
        assertEquals(List.of("a", "b", "c"), closed);
    }

    @Test
    void aFailingClose_leavesTheRestClosed_andTheFirstFailureCarriesTheLaterOnes() {
        IllegalStateException first = new IllegalStateException("first");
        IllegalArgumentException second = new IllegalArgumentException("second");
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> Closeables.closeAll(ok("a"),
                failing("b", first), ok("c"), failing("d", second), ok("e")));
        assertSame(first, thrown);
        assertEquals(List.of(second), List.of(thrown.getSuppressed()));
        assertEquals(List.of("a", "b", "c", "d", "e"), closed);
    }

    @Test
    void oneByOne_closesEach_andKeepsTheFirstFailure_withTheLaterSuppressed() {
        IllegalStateException first = new IllegalStateException("first");
        IllegalArgumentException second = new IllegalArgumentException("second");
        Throwable f = Closeables.closeAfter(null, ok("a"));
        f = Closeables.closeAfter(f, () -> {
            throw first;
        });
        f = Closeables.closeAfter(f, null);
        f = Closeables.later(f, second);
        f = Closeables.closeAfter(f, ok("b"));
        assertEquals(List.of("a", "b"), closed);
        assertEquals(first, f);
        assertEquals(List.of(second), List.of(first.getSuppressed()));
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> Closeables.rethrow(first));
        assertEquals(first, thrown);
        Closeables.rethrow(null);
    }

    @Test
    void aCheckedFailure_isWrapped_afterEveryClose() {
        IOException io = new IOException("disk");
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> Closeables.closeAll(() -> {
            throw io;
        }, ok("after")));
        assertSame(io, thrown.getCause());
        assertEquals(List.of("after"), closed);
    }

    @Test
    void anIterableWithNulls_andNullItself_areFine() {
        List<AutoCloseable> list = new ArrayList<>();
        list.add(null);
        list.add(ok("x"));
        Closeables.closeAll(list);
        Closeables.closeAll((Iterable<AutoCloseable>) null);
        Closeables.closeAll((AutoCloseable[]) null);
        assertEquals(List.of("x"), closed);
    }
}

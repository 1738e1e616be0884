package org.colony.cuda.internal.bind;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A binding made through DeviceWork runs the hook installed when it is called, before the function. */
class DeviceWorkTest {

    private static final List<String> CALLS = new ArrayList<>();

    static void hookCalled() {
        CALLS.add("hook");
    }

    static int work(int x) {
        CALLS.add("work " + x);
        return x + 1;
    }

    @Test
    void aBindingMadeBeforeTheHook_runsTheHookInstalledLater_first() throws Throwable {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        MethodHandle binding = DeviceWork.first(lookup.findStatic(DeviceWorkTest.class, "work",
                MethodType.methodType(int.class, int.class)));
        MethodHandle before = DeviceWork.hook();
        try {
            DeviceWork.runFirst(MethodHandles.foldArguments(before,
                    lookup.findStatic(DeviceWorkTest.class, "hookCalled", MethodType.methodType(void.class))));
            assertEquals(8, (int) binding.invokeExact(7));
            assertEquals(List.of("hook", "work 7"), CALLS);
        } finally {
            DeviceWork.runFirst(before); // (the launch recorder's, where it was installed)
        }
    }
}

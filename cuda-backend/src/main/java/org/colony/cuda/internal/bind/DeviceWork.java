package org.colony.cuda.internal.bind;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.MutableCallSite;

/**
 * What every binding of a native function that does or orders device work (a copy, a memset, a sync, an event, an
 * allocation, a module, a kernel launch, NCCL) calls first: nothing, until a layer above installs its hook
 * ({@link #runFirst}). The launch layer's graph recorder installs the one that sends the launches it holds out
 * before such work, so that no call can overtake a held launch: {@link Driver} and {@link Nccl} bind every such
 * function through {@link #first}, and the hook is in place before any launch can be held.
 *
 * <p>The hook sits in a {@link MutableCallSite}, which the JIT treats as a constant: the bindings cost what a direct
 * call to the hook would.
 */
public final class DeviceWork {

    private static final MethodType HOOK = MethodType.methodType(void.class);
    private static final MutableCallSite FIRST = new MutableCallSite(MethodHandles.empty(HOOK));
    private static final MethodHandle INVOKER = FIRST.dynamicInvoker();

    private DeviceWork() {
    }

    /** {@code target} with the hook called before it. */
    static MethodHandle first(MethodHandle target) {
        return MethodHandles.foldArguments(target, INVOKER);
    }

    /** The hook installed now (a no-op before any). */
    static MethodHandle hook() {
        return FIRST.getTarget();
    }

    /**
     * Makes {@code hook} (no arguments, no result) run before every binding of device work from now on, on every
     * thread.
     */
    public static synchronized void runFirst(MethodHandle hook) {
        FIRST.setTarget(hook.asType(HOOK));
        MutableCallSite.syncAll(new MutableCallSite[] {FIRST});
    }
}

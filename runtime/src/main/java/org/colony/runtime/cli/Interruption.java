package org.colony.runtime.cli;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

/**
 * SIGINT (Ctrl-C) and SIGTERM during {@code mass run} in one process: the first one asks the run to stop after the
 * step under way, so that the final snapshots and state files are written and the report is printed (the run then
 * exits with the signal's status, 128 + its number); a second one ends the process at once, as the signal would
 * have without this. Under MPI ranks the signals keep their default (the job ends), since the ranks would have to
 * agree on the step to stop at. Closing puts the previous handlers back.
 *
 * <p>The JDK's {@code sun.misc.Signal} (module {@code jdk.unsupported}) is reached by reflection, so that a runtime
 * without it runs as before, with the signals' default.
 */
final class Interruption implements AutoCloseable {

    private static final List<String> SIGNALS = List.of("INT", "TERM");

    /** {@code new Signal(String)}, {@code Signal.handle(Signal, SignalHandler)}, its name and number; null: none. */
    private record Api(Class<?> handlerType, MethodHandle create, MethodHandle handle, MethodHandle name,
            MethodHandle number) {

        static Api find() {
            try {
                Class<?> signal = Class.forName("sun.misc.Signal");
                Class<?> handler = Class.forName("sun.misc.SignalHandler");
                MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                return new Api(handler, lookup.findConstructor(signal, MethodType.methodType(void.class, String.class)),
                        lookup.findStatic(signal, "handle", MethodType.methodType(handler, signal, handler)),
                        lookup.findVirtual(signal, "getName", MethodType.methodType(String.class)),
                        lookup.findVirtual(signal, "getNumber", MethodType.methodType(int.class)));
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                return null;
            }
        }
    }

    private final Api api;
    private final List<Object> installed = new ArrayList<>();
    private final List<Object> previous = new ArrayList<>();
    private volatile String caughtName;
    private volatile int caughtNumber;

    private Interruption(Api api) {
        this.api = api;
    }

    /** {@return handlers of SIGINT and SIGTERM for this run, where the platform has them (none under MPI ranks)} */
    static Interruption install(boolean alone) {
        Api api = alone ? Api.find() : null;
        Interruption i = new Interruption(api);
        if (api == null) {
            return i;
        }
        Object handler = Proxy.newProxyInstance(Interruption.class.getClassLoader(), new Class<?>[] {api.handlerType()},
                (proxy, method, args) -> {
                    if (method.getName().equals("handle") && args != null && args.length == 1) {
                        i.caught(args[0]);
                        return null;
                    }
                    return switch (method.getName()) {
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        case "toString" -> "colony-interruption";
                        default -> null;
                    };
                });
        for (String name : SIGNALS) {
            try {
                Object signal = api.create().invoke(name);
                Object before = api.handle().invoke(signal, handler);
                i.installed.add(signal);
                i.previous.add(before);
            } catch (Throwable e) {
                // a platform without this signal (or with its handler reserved): it keeps its default
            }
        }
        return i;
    }

    private void caught(Object signal) throws Throwable {
        int number = (int) api.number().invoke(signal);
        if (caughtName != null) {
            Runtime.getRuntime().halt(128 + number); // a second signal: the step under way is not waited for
        }
        caughtNumber = number;
        caughtName = "SIG" + api.name().invoke(signal);
    }

    /** {@return whether a signal asked the run to stop} */
    boolean requested() {
        return caughtName != null;
    }

    /** {@return the signal's name ({@code SIGINT}), or null where none came} */
    String signalName() {
        return caughtName;
    }

    /** {@return the exit status of a run a signal stopped: 128 + the signal's number; 0 where none came} */
    int exitStatus() {
        return caughtName == null ? 0 : 128 + caughtNumber;
    }

    @Override
    public void close() {
        for (int k = 0; k < installed.size(); k++) {
            try {
                api.handle().invoke(installed.get(k), previous.get(k));
            } catch (Throwable e) {
                // the handler stays; the process is ending its run anyway
            }
        }
        installed.clear();
    }
}

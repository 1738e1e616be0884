package org.colony.runtime.step;

import java.io.Serializable;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.colony.ColonyException;

/**
 * Reads which method a step reference names, from the {@link SerializedLambda} the compiler gives
 * serializable method references. Results are cached per reference class: every instance of one
 * compiled method reference names the same method.
 */
public final class StepReferences {

    /**
     * The method a reference names.
     *
     * @param owner the binary name of the class that declares it
     * @param method the method's name
     */
    public record Target(String owner, String method) {
    }

    private static final Map<Class<?>, Target> CACHE = new ConcurrentHashMap<>();

    private StepReferences() {
    }

    /**
     * {@return the method a step reference names}
     *
     * @param reference a method reference such as {@code Cell::diffuse}
     * @throws ColonyException if the reference is a lambda or another object, not a method reference
     */
    public static Target resolve(Serializable reference) {
        if (reference == null) {
            throw new ColonyException("the step reference is null; pass a method reference such as HeatCell::diffuse");
        }
        Target t = CACHE.get(reference.getClass());
        if (t == null) {
            t = read(reference);
            CACHE.put(reference.getClass(), t);
        }
        return t;
    }

    private static Target read(Serializable reference) {
        SerializedLambda l;
        try {
            Method m = reference.getClass().getDeclaredMethod("writeReplace");
            m.setAccessible(true);
            l = m.invoke(reference) instanceof SerializedLambda s ? s : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            l = null;
        }
        if (l == null) {
            throw new ColonyException("a step must be named by a method reference such as HeatCell::diffuse, not by "
                    + reference.getClass().getName());
        }
        if (l.getImplMethodName().startsWith("lambda$") || (l.getImplMethodKind() != MethodHandleInfo.REF_invokeVirtual
                && l.getImplMethodKind() != MethodHandleInfo.REF_invokeSpecial)) {
            throw new ColonyException("a step must be named by a method reference such as HeatCell::diffuse, "
                    + "not by a lambda expression");
        }
        return new Target(l.getImplClass().replace('/', '.'), l.getImplMethodName());
    }
}

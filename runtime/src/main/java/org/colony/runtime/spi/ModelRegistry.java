package org.colony.runtime.spi;

import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import org.colony.ColonyException;
import org.colony.kernel.ModelDescriptor;

/** Finds the generated descriptor of a model class through {@link ServiceLoader}. */
public final class ModelRegistry {

    private static final Map<Class<?>, ModelDescriptor> CACHE = new ConcurrentHashMap<>();

    private ModelRegistry() {
    }

    /**
     * {@return the descriptor of {@code model}}
     *
     * @param model the model class
     * @throws ColonyException if none was generated for it
     */
    public static ModelDescriptor descriptor(Class<?> model) {
        ModelDescriptor d = CACHE.get(model);
        if (d != null) {
            return d;
        }
        ClassLoader loader = model.getClassLoader() == null ? ClassLoader.getSystemClassLoader() : model.getClassLoader();
        try {
            for (ModelDescriptor candidate : ServiceLoader.load(ModelDescriptor.class, loader)) {
                CACHE.putIfAbsent(candidate.info().modelClass(), candidate);
            }
        } catch (ServiceConfigurationError e) {
            throw new ColonyException("a generated Colony model descriptor could not be loaded (" + e.getMessage()
                    + "); rebuild the model classes", e);
        }
        d = CACHE.get(model);
        if (d == null) {
            throw new ColonyException("no Colony model descriptor for " + model.getName() + ": compile it with the "
                    + "Colony annotation processor (name org.colony:colony-processor under <annotationProcessorPaths> "
                    + "of maven-compiler-plugin; javac 23 and later ignore processors found only on the class path) "
                    + "and give it @Attribute or @Step members");
        }
        return d;
    }
}

package org.colony.processor.codegen;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.Filer;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Collects the descriptors generated in one compilation and writes them, once processing is over, to
 * {@code META-INF/services/org.colony.kernel.ModelDescriptor} for {@link java.util.ServiceLoader}.
 */
public final class ServiceRegistry {

    /** The service file's path in the class output. */
    public static final String PATH = "META-INF/services/" + RuntimeNames.MODEL_DESCRIPTOR.reflectionName();

    private final Set<String> descriptors = new TreeSet<>();

    /** Records a descriptor by binary name. */
    public void add(String binaryName) {
        descriptors.add(binaryName);
    }

    /** Whether any descriptor was recorded. */
    public boolean isEmpty() {
        return descriptors.isEmpty();
    }

    /** Writes the service file. */
    public void write(Filer filer) throws IOException {
        FileObject file = filer.createResource(StandardLocation.CLASS_OUTPUT, "", PATH);
        try (Writer out = new OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
            for (String descriptor : descriptors) {
                out.write(descriptor);
                out.write('\n');
            }
        }
    }
}

package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.colony.ColonyException;
import org.colony.kernel.CpuBlock;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.runtime.spi.ModelRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model compiled by another version of the Colony processor (its generated descriptor calls a constructor this
 * runtime no longer has) is refused in one line naming the descriptor and the rebuild to do, not with a
 * {@code NoSuchMethodError} from inside the loading of every descriptor.
 */
class StaleDescriptorTest {

    /** What a descriptor compiled against another runtime does when asked for its model. */
    public static final class StaleDescriptor implements ModelDescriptor {
        @Override
        public ModelInfo info() {
            throw new NoSuchMethodError("'void org.colony.kernel.StepInfo.<init>(java.lang.String, java.util.List)'");
        }

        @Override
        public void run(CpuBlock block, int row0, int row1, int x0, int x1) {
        }

        @Override
        public long count(CpuBlock block, int row0, int row1, int x0, int x1) {
            return 0;
        }
    }

    /** A class loader that sees the stale descriptor's service entry and defines the model class the test asks for. */
    private static final class ModelLoader extends URLClassLoader {
        ModelLoader(Path dir) throws IOException {
            super(new URL[] {dir.toUri().toURL()}, StaleDescriptorTest.class.getClassLoader());
        }

        Class<?> define(String name) {
            byte[] bytes = ClassFile.of().build(ClassDesc.of(name), c -> { });
            return defineClass(name, bytes, 0, bytes.length);
        }
    }

    @Test
    void staleDescriptor_isNamedWithTheRebuildToDo(@TempDir Path dir) throws IOException {
        Path services = dir.resolve("META-INF/services/" + ModelDescriptor.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, StaleDescriptor.class.getName() + "\n");
        try (ModelLoader loader = new ModelLoader(dir)) {
            Class<?> model = loader.define("stale.OldModel");
            ColonyException e = assertThrows(ColonyException.class, () -> ModelRegistry.descriptor(model));
            assertTrue(e.getMessage().startsWith("no usable Colony model descriptor for stale.OldModel"), e.getMessage());
            assertTrue(e.getMessage().contains(StaleDescriptor.class.getName()), e.getMessage());
            assertTrue(e.getMessage().contains("another version of the Colony processor; rebuild"), e.getMessage());
        }
    }
}

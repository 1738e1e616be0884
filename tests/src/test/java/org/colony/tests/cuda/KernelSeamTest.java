package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.cuda.CudaKernel;
import org.colony.kernel.cuda.CudaModel;
import org.colony.kernel.cuda.CudaStep;
import org.colony.kernel.cuda.KernelParam;
import org.junit.jupiter.api.Test;

/**
 * The launch facts a descriptor carries are those of the CUDA source it names, for every example and test model
 * on the class path: each step's kernel (and SWAR form) is declared there with exactly the parameters the facts
 * list, in their order, and the source declares no kernel the facts do not name. No GPU needed: what the backend
 * passes is what the kernel declares.
 */
class KernelSeamTest {

    private static final Pattern KERNEL = Pattern.compile("extern \"C\" __global__ void (\\w+)\\(([^)]*)\\)");

    @Test
    void everyDescriptor_namesTheKernelsAndParametersItsSourceDeclares() throws IOException {
        int models = 0;
        int kernels = 0;
        for (ModelDescriptor d : ServiceLoader.load(ModelDescriptor.class)) {
            CudaModel cuda = d.cuda();
            String model = d.info().modelClass().getName();
            assertNotNull(cuda, model + " carries no CUDA launch facts");
            assertEquals(d.info().steps().size(), cuda.steps().size(), model + ": one launch per step");
            assertEquals(d.info().shared().size(), cuda.sharedSymbols().size(), model + ": one symbol per shared value");
            String source = source(d.info().modelClass(), cuda.resource());
            for (String symbol : cuda.sharedSymbols()) {
                assertTrue(source.contains("__constant__ ") && source.contains(" " + symbol + "["),
                        model + " declares no constant " + symbol);
            }
            if (cuda.unsupported() != null) {
                continue; // such a source holds no kernels
            }
            Map<String, List<String>> declared = kernels(source);
            List<String> named = new ArrayList<>();
            for (int i = 0; i < cuda.steps().size(); i++) {
                CudaStep step = cuda.steps().get(i);
                for (CudaKernel kernel : step.swar() == null ? List.of(step.kernel()) : List.of(step.kernel(), step.swar())) {
                    List<String> params = declared.get(kernel.name());
                    assertNotNull(params, model + " declares no kernel " + kernel.name() + " for step "
                            + d.info().steps().get(i).name());
                    assertEquals(step.params().size(), params.size(), kernel.name() + ": " + params);
                    for (int p = 0; p < params.size(); p++) {
                        assertTrue(names(step.params().get(p), params.get(p)), kernel.name() + " declares '"
                                + params.get(p) + "' where the facts say " + step.params().get(p));
                    }
                    named.add(kernel.name());
                    kernels++;
                }
            }
            assertEquals(List.copyOf(declared.keySet()), named, model + ": the kernels its source declares");
            models++;
        }
        assertTrue(models >= 20 && kernels >= 60, models + " models and " + kernels + " kernels checked");
    }

    /** Whether a C++ parameter declaration is what the kernel parameter names (by the name the printer gives it). */
    private static boolean names(KernelParam param, String declaration) {
        String name = declaration.substring(declaration.lastIndexOf(' ') + 1);
        return switch (param.kind()) {
            case FRAME -> declaration.equals("const colony::Frame f");
            case COLUMN -> name.endsWith("_col");
            case NEXT -> name.endsWith("_next");
            case IDS, LOCATIONS, KILLED, TARGETS, SPAWNS, COUNTER -> name.equals(switch (param.kind()) {
                case IDS -> "ids";
                case LOCATIONS -> "locations";
                case KILLED -> "killed";
                case TARGETS -> "targets";
                case SPAWNS -> "spawns";
                default -> "count";
            });
            case PLACE_COLUMN -> name.endsWith("_place");
            case CONTRIBUTION -> name.endsWith("_contrib");
            case WROTE -> name.endsWith("_wrote");
            case INDEX_START -> name.equals("start" + param.slot());
            case INDEX_ORDER -> name.equals("order" + param.slot());
            case INDEX_IDS -> name.equals("ids" + param.slot());
            case INDEX_PITCH -> name.equals("agentPitch" + param.slot());
            case INDEXED_COLUMN -> name.endsWith("_a" + param.slot());
            case ARGUMENT -> name.startsWith("v_");
        };
    }

    private static Map<String, List<String>> kernels(String source) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        Matcher m = KERNEL.matcher(source);
        while (m.find()) {
            List<String> params = new ArrayList<>();
            for (String p : m.group(2).split(",")) {
                params.add(p.strip());
            }
            out.put(m.group(1), params);
        }
        return out;
    }

    private static String source(Class<?> model, String resource) throws IOException {
        try (InputStream in = model.getClassLoader().getResourceAsStream(resource)) {
            assertNotNull(in, model.getName() + ": no resource " + resource);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

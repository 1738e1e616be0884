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
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;
import org.colony.kernel.StepInfo;
import org.colony.kernel.cuda.CudaModel;
import org.colony.kernel.cuda.CudaStep;
import org.colony.kernel.cuda.KernelParam;
import org.colony.runtime.spi.ModelRegistry;
import org.junit.jupiter.api.Test;

/**
 * The launch facts a descriptor carries are those of the CUDA source it names, for every example and test model
 * on the class path: each step's kernel (and SWAR form) is declared there with exactly the parameters the facts
 * list, in their order (each declaration checked against the one the model's description calls for: the
 * attribute, place attribute, iterated class or step parameter it names, by name and type), and the source declares
 * no kernel the facts do not name. No GPU needed: what the backend passes is what the kernel declares.
 */
class KernelSeamTest {

    private static final Pattern KERNEL = Pattern.compile(
            "extern \"C\" __global__ void (?:__launch_bounds__\\(\\d+\\) )?(\\w+)\\(([^)]*)\\)");

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
            Map<String, List<String>> declared = kernels(source);
            List<String> named = new ArrayList<>();
            for (int i = 0; i < cuda.steps().size(); i++) {
                CudaStep step = cuda.steps().get(i);
                List<String> names = new ArrayList<>(List.of(step.kernel().name()));
                if (step.swar() != null) {
                    names.add(step.swar().name());
                }
                if (step.warp()) {
                    names.add(step.warpName());
                }
                for (String kernel : names) {
                    List<String> params = declared.get(kernel);
                    assertNotNull(params, model + " declares no kernel " + kernel + " for step "
                            + d.info().steps().get(i).name());
                    assertEquals(step.params().size(), params.size(), kernel + ": " + params);
                    for (int p = 0; p < params.size(); p++) {
                        assertEquals(expected(d.info(), d.info().steps().get(i), step.params().get(p)),
                                params.get(p), kernel + ", parameter " + p + ", " + step.params().get(p));
                    }
                    named.add(kernel);
                    kernels++;
                }
            }
            assertEquals(List.copyOf(declared.keySet()), named, model + ": the kernels its source declares");
            models++;
        }
        assertTrue(models >= 20 && kernels >= 60, models + " models and " + kernels + " kernels checked");
    }

    /**
     * The C++ declaration the kernel parameter stands for, written here from the model's description (attribute,
     * place attribute, iterated class and step parameter names and types): what the generator must have printed.
     */
    private static String expected(ModelInfo model, StepInfo step, KernelParam param) {
        return switch (param.kind()) {
            case FRAME -> "const colony::Frame f";
            case COLUMN -> pointer("", model.attributes().get(param.index()), "_col");
            case NEXT -> pointer("", model.attributes().get(param.index()), "_next");
            case IDS -> "const jlong* __restrict__ ids";
            case LOCATIONS -> "const jlong* __restrict__ locations";
            case KILLED -> "bool* __restrict__ killed";
            case TARGETS -> "jlong* __restrict__ targets";
            case SPAWNS -> "jint* __restrict__ spawns";
            case BIRTH_PLACES -> "jlong* __restrict__ birthPlaces";
            case BIRTH_SPREADS -> "jint* __restrict__ birthSpreads";
            case ORDINALS -> "const jint* __restrict__ ordinals";
            case OWN_START -> "const jint* __restrict__ ownStart";
            case OWN_ORDER -> "const jint* __restrict__ ownOrder";
            case PLACE_COLUMN -> pointer("const ", info(model.placeClass()).attributes().get(param.index()), "_place");
            case CONTRIBUTION -> pointer("", info(model.placeClass()).attributes().get(param.index()), "_contrib");
            case WROTE -> "bool* __restrict__ " + info(model.placeClass()).attributes().get(param.index()).name()
                    + "_wrote";
            case INDEX_START -> "const jint* __restrict__ start" + param.slot();
            case INDEX_COUNTS -> "const jint* __restrict__ counts" + param.slot();
            case INDEX_ORDER -> "const jint* __restrict__ order" + param.slot();
            case INDEX_IDS -> "const jlong* __restrict__ ids" + param.slot();
            case INDEX_PITCH -> "const jlong agentPitch" + param.slot();
            case INDEXED_COLUMN -> pointer("const ", info(model.agentClasses().get(param.slot())).attributes()
                    .get(param.index()), "_a" + param.slot());
            case INDEXED_INCOMING -> pointer("", info(model.agentClasses().get(param.slot())).attributes()
                    .get(param.index()), "_in" + param.slot());
            case INDEXED_KILLED -> "bool* __restrict__ killed" + param.slot();
            case CREATES -> "jint* __restrict__ creates" + param.slot();
            case COUNTER -> "julong* __restrict__ count";
            case GRAPH -> (param.index() == 2 || param.index() == 5 ? "const double" : "const jint")
                    + "* __restrict__ g_" + KernelParam.GRAPH_ARRAYS.get(param.index());
            case EDGE -> "const " + cpp(model.edges().attributes().get(param.index()).type()) + "* __restrict__ "
                    + (param.slot() == 1 ? "g_inEdge_" : "g_edge_") + model.edges().attributes().get(param.index()).name();
            case ARGUMENT -> "const " + cpp(step.params().get(param.index()).type()) + " v_"
                    + step.params().get(param.index()).name();
        };
    }

    private static String pointer(String qualifier, AttributeInfo attribute, String suffix) {
        return qualifier + cpp(attribute.type()) + "* __restrict__ " + attribute.name() + suffix;
    }

    /** The C++ type of a Java primitive in generated code ({@code colony.cuh}'s {@code jint}, ...). */
    private static String cpp(ScalarType type) {
        return switch (type) {
            case BOOLEAN -> "bool";
            case BYTE -> "jbyte";
            case SHORT -> "jshort";
            case INT -> "jint";
            case LONG -> "jlong";
            case FLOAT -> "float";
            case DOUBLE -> "double";
        };
    }

    private static ModelInfo info(Class<?> model) {
        return ModelRegistry.descriptor(model).info();
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

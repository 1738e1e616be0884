package org.colony.processor.step;

import com.google.auto.service.AutoService;
import com.palantir.javapoet.ClassName;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashSet;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import org.colony.kernel.cuda.CudaModel;
import org.colony.processor.Diagnostics;
import org.colony.processor.Messages;
import org.colony.processor.codegen.DescriptorGenerator;
import org.colony.processor.codegen.GeneratedWriter;
import org.colony.processor.codegen.ServiceRegistry;
import org.colony.processor.codegen.cuda.CudaKernelGenerator;
import org.colony.processor.codegen.cuda.CudaLaunchFacts;
import org.colony.processor.codegen.java.JavaKernelGenerator;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.model.ModelClass;
import org.colony.processor.model.ModelReader;
import org.colony.processor.translate.ModelTranslator;
import org.colony.processor.validation.AttributeValidator;
import org.colony.processor.validation.EdgeClassValidator;
import org.colony.processor.validation.LocalModelValidator;
import org.colony.processor.validation.ModelClassValidator;
import org.colony.processor.validation.SharedValidator;
import org.colony.processor.validation.StepValidator;

/**
 * The Colony annotation processor: reads every class with {@code @Attribute}, {@code @Shared} or
 * {@code @Step} members, validates it, translates its steps into the IR and writes its CPU kernels and
 * descriptor. Errors are reported on the user's lines; a class with errors generates nothing, and
 * {@link #process} never throws.
 */
@AutoService(Processor.class)
public final class ColonyProcessor extends AbstractProcessor {

    private static final Set<String> ANNOTATIONS = Set.of(ModelReader.ATTRIBUTE, ModelReader.SHARED,
            ModelReader.STEP, ModelReader.DIMENSIONS);

    private Trees trees;
    private Diagnostics diagnostics;
    private GeneratedWriter writer;
    private final ServiceRegistry services = new ServiceRegistry();
    private final Set<String> done = new LinkedHashSet<>();
    private EdgeClassAgreement edgeClasses;

    /**
     * Every annotation, because javac does not look for annotations inside method bodies: a model class
     * declared there (a local class) would otherwise never reach the processor and be silently ignored.
     * Nothing is claimed ({@link #process} returns false), so other processors are unaffected.
     */
    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        try {
            trees = Trees.instance(env);
        } catch (IllegalArgumentException e) {
            env.getMessager().printMessage(Diagnostic.Kind.ERROR, "[Colony/Compiler] the Colony processor needs "
                    + "javac's tree API, which this compiler does not provide: " + e.getMessage());
        }
        diagnostics = new Diagnostics(env.getMessager(), trees);
        writer = new GeneratedWriter(env.getFiler());
        edgeClasses = new EdgeClassAgreement(diagnostics);
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        if (trees == null) {
            return false;
        }
        for (Element root : round.getRootElements()) {
            if (root instanceof TypeElement t) {
                validateLocalModels(t);
            }
        }
        Set<TypeElement> models = new LinkedHashSet<>();
        // Looked up by name, not taken from `annotations`: OwnAnnotationsClaim may have claimed them already.
        for (String name : ANNOTATIONS) {
            TypeElement annotation = processingEnv.getElementUtils().getTypeElement(name);
            if (annotation == null) {
                continue;
            }
            for (Element e : round.getElementsAnnotatedWith(annotation)) {
                if (e instanceof TypeElement t) {
                    models.add(t);
                } else if (e.getEnclosingElement() instanceof TypeElement t) {
                    models.add(t);
                }
            }
        }
        for (TypeElement type : models) {
            if (done.add(type.getQualifiedName().toString())) {
                processModel(type);
            }
        }
        if (round.processingOver() && !services.isEmpty()) {
            try {
                services.write(processingEnv.getFiler());
            } catch (IOException | RuntimeException e) {
                processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR,
                        Messages.internalError("writing " + ServiceRegistry.PATH + ": " + e));
            }
        }
        return false;
    }

    private void validateLocalModels(TypeElement root) {
        try {
            new LocalModelValidator(diagnostics, trees).validate(root);
        } catch (RuntimeException | StackOverflowError e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, Messages.internalError(e.toString()), root);
        }
    }

    private void processModel(TypeElement type) {
        try {
            ModelClass model = new ModelReader(processingEnv.getElementUtils(), trees).read(type);
            if (model.unit() == null) {
                return; // Not compiled from source in this compilation.
            }
            if (ModelReader.isEdgeClass(type)) {
                new EdgeClassValidator(diagnostics).validate(model);
                return; // An edge class generates nothing: the models that read it describe it.
            }
            boolean valid = new ModelClassValidator(diagnostics).validate(model);
            valid &= new AttributeValidator(diagnostics).validate(model);
            valid &= new SharedValidator(diagnostics).validate(model);
            valid &= new StepValidator(diagnostics).validate(model);
            if (!valid) {
                return;
            }
            ModelIr ir = new ModelTranslator(diagnostics, trees, processingEnv.getElementUtils()).translate(model);
            if (ir == null || !edgeClasses.agree(ir, type)) {
                return;
            }
            ClassName modelClass = ClassName.get(type);
            // The vector forms of the CPU kernels only where this compilation reads jdk.incubator.vector.
            boolean vectors = processingEnv.getElementUtils().getTypeElement("jdk.incubator.vector.DoubleVector") != null;
            // One value of the CUDA launch facts: the kernels are printed from it, the descriptor carries it, and the
            // CPU kernels take the bit-sliced forms it names.
            CudaModel cuda = CudaLaunchFacts.model(ir);
            int[] lines = writer.write(ir.packageName(), new JavaKernelGenerator().generate(ir, vectors, cuda), type);
            ClassName kernels = ClassName.get(ir.packageName(), JavaKernelGenerator.className(ir));
            writer.write(ir.packageName(), new DescriptorGenerator().generate(ir, modelClass, kernels, cuda, lines),
                    type);
            writer.writeResource(cuda.resource(), new CudaKernelGenerator().generate(ir, cuda), type);
            services.add((ir.packageName().isEmpty() ? "" : ir.packageName() + ".") + DescriptorGenerator.className(ir));
        } catch (IOException | RuntimeException | StackOverflowError e) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            String first = trace.toString().lines().limit(6).reduce((a, b) -> a + " | " + b).orElse(e.toString());
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, Messages.internalError(first), type);
        }
    }
}

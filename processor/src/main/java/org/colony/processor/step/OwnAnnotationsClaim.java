package org.colony.processor.step;

import com.google.auto.service.AutoService;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import org.colony.processor.model.ModelReader;

/**
 * Claims Colony's own annotations ({@code @Attribute}, {@code @Shared}, {@code @Priority}, {@code @Step}, {@code @Dimensions}) once
 * {@link ColonyProcessor} has read them, and {@code @Generated}, which marks the code it writes (no processor acts
 * on that source-only marker), so that a user build with {@code -Xlint:all -Werror} does not fail on
 * javac's "No processor claimed any of these annotations". {@link ColonyProcessor} itself claims nothing: it sees
 * every annotation (to find models declared in method bodies) and must leave the others to other processors.
 *
 * <p>It does nothing else. It is listed after {@link ColonyProcessor} in
 * {@code META-INF/services/javax.annotation.processing.Processor}, which javac follows; {@link ColonyProcessor}
 * finds the annotated classes by the annotations' names, so the order does not change what it reads.
 */
@AutoService(Processor.class)
public final class OwnAnnotationsClaim extends AbstractProcessor {

    /** For javac's service loader. */
    public OwnAnnotationsClaim() {
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of(ModelReader.ATTRIBUTE, ModelReader.SHARED, ModelReader.PRIORITY, ModelReader.STEP, ModelReader.DIMENSIONS,
                "javax.annotation.processing.Generated");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        return true;
    }
}

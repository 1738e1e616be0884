package org.colony.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import javax.lang.model.SourceVersion;
import org.colony.kernel.EdgeColumnNames;
import org.junit.jupiter.api.Test;

/** The edge column naming rule the processor and the runtime share, against Java's own rule for names. */
class EdgeColumnNamesTest {

    @Test
    void keywords_areJavasKeywords() {
        for (String keyword : EdgeColumnNames.keywords()) {
            assertFalse(SourceVersion.isName(keyword), keyword);
            assertFalse(EdgeColumnNames.allowed(keyword), keyword);
        }
    }

    @Test
    void allowedNames_areJavaNamesOfLettersDigitsAndUnderscores_butNotTheEdgeListsFields() {
        String[] names = {"length", "lanes", "_lanes", "lanes_2", "l2", "var", "record", "yield", "from", "to",
            "weight", "From", "$x", "x$", "2x", "x-y", "", "class", "int", "true", "null", "goto", "_", "__", "länge"};
        for (String name : names) {
            boolean expected = SourceVersion.isName(name) && name.chars().allMatch(c -> c < 128 && c != '$')
                    && !EdgeColumnNames.RESERVED.contains(name);
            assertEquals(expected, EdgeColumnNames.allowed(name), name);
        }
        assertFalse(EdgeColumnNames.allowed(null));
    }
}

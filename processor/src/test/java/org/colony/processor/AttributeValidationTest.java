package org.colony.processor;

import static org.colony.processor.Compilations.assertRejected;
import static org.colony.processor.Compilations.source;

import org.junit.jupiter.api.Test;

/** Checks on @Attribute and @Shared fields: types, lengths and modifiers. */
class AttributeValidationTest {

    private static void assertFieldRejected(String field, String message) {
        assertRejected(source("Cell", """
                public class Cell extends Place {
                    %s
                }
                """.formatted(field)), message, field);
    }

    @Test
    void stringAttribute_isRejected() {
        assertFieldRejected("@Attribute String name;", Messages.attributeType("name", "java.lang.String"));
    }

    @Test
    void charAttribute_isRejected() {
        assertFieldRejected("@Attribute char letter;", Messages.attributeType("letter", "char"));
    }

    @Test
    void boxedAttribute_isRejected() {
        assertFieldRejected("@Attribute Integer count;", Messages.attributeType("count", "java.lang.Integer"));
    }

    @Test
    void twoDimensionalArrayAttribute_isRejected() {
        assertFieldRejected("@Attribute(length = 4) int[][] grid;", Messages.attributeType("grid", "int[][]"));
    }

    @Test
    void arrayAttributeWithoutLength_isRejected() {
        assertFieldRejected("@Attribute int[] hist;", Messages.attributeArrayLength("hist"));
    }

    @Test
    void arrayAttributeWithZeroLength_isRejected() {
        assertFieldRejected("@Attribute(length = 0) int[] hist;", Messages.attributeArrayLength("hist"));
    }

    @Test
    void lengthOnScalarAttribute_isRejected() {
        assertFieldRejected("@Attribute(length = 4) double temp;", Messages.attributeLengthOnScalar("temp"));
    }

    @Test
    void staticAttribute_isRejected() {
        assertFieldRejected("@Attribute static double temp;", Messages.attributeStatic("temp"));
    }

    @Test
    void finalAttribute_isRejected() {
        assertFieldRejected("@Attribute final double temp = 0;", Messages.attributeFinal("temp"));
    }

    @Test
    void fieldThatIsAttributeAndShared_isRejected() {
        assertFieldRejected("@Attribute @Shared double temp;", Messages.attributeAndShared("temp"));
    }

    @Test
    void staticShared_isRejected() {
        assertFieldRejected("@Shared static double rate;", Messages.sharedStatic("rate"));
    }

    @Test
    void stringShared_isRejected() {
        assertFieldRejected("@Shared String label;", Messages.sharedType("label", "java.lang.String"));
    }

    @Test
    void sharedArrayWithoutLength_isRejected() {
        assertFieldRejected("@Shared double[] weights;", Messages.sharedArrayLength("weights"));
    }

    @Test
    void lengthOnSharedScalar_isRejected() {
        assertFieldRejected("@Shared(length = 2) double rate;", Messages.sharedLengthOnScalar("rate"));
    }
}

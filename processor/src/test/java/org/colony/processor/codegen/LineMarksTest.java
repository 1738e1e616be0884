package org.colony.processor.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.palantir.javapoet.CodeBlock;
import org.junit.jupiter.api.Test;

class LineMarksTest {

    @Test
    void linesOfMarksGo_andTheirMarkBelongsToTheNextLine() {
        String text = CodeBlock.builder()
                .add("class K {\n")
                .add(LineMarks.at(0))
                .add("int a = 1;\n")
                .add(LineMarks.at(30))
                .add("a = a / d;\n")
                .add(LineMarks.at(31))
                .add(LineMarks.at(32))
                .add("if (a > 0) {\n")
                .add(LineMarks.at(32))
                .add("a++;\n")
                .add("}\n")
                .add(LineMarks.at(0))
                .add("}\n")
                .build().toString();
        LineMarks.Table table = LineMarks.strip(text);
        assertEquals("class K {\nint a = 1;\na = a / d;\nif (a > 0) {\na++;\n}\n}\n", table.text());
        // Line 2 starts model line 0 as the text's start does, so it needs no pair; a repeated line adds none.
        assertArrayEquals(new int[] {3, 30, 4, 32, 7, 0}, table.pairs());
    }

    @Test
    void aMarkWithinALine_isThatLines() {
        LineMarks.Table table = LineMarks.strip("a();\n    /*@line 7*/b();\nc();");
        assertEquals("a();\n    b();\nc();", table.text());
        assertArrayEquals(new int[] {2, 7}, table.pairs());
    }

    @Test
    void textWithoutMarks_isUnchanged() {
        String text = "class K {\n    /* a comment */\n}\n";
        assertEquals(text, LineMarks.strip(text).text());
        assertArrayEquals(new int[0], LineMarks.strip(text).pairs());
    }
}

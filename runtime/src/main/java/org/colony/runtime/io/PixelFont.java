package org.colony.runtime.io;

import java.awt.image.BufferedImage;
import java.util.Locale;
import java.util.Map;

/**
 * A 5 x 7 pixel font for the labels of a heat map's legend: digits, the signs of a number and the capital letters
 * (lower case is drawn in capitals; other characters as a space). Drawn pixel by pixel, so labels need no font of
 * the system (a server's Java may have none) and look the same everywhere.
 */
final class PixelFont {

    /** The width of a character, its spacing included. */
    static final int ADVANCE = 6;

    /** The height of a character. */
    static final int HEIGHT = 7;

    /** Each glyph as seven rows of five bits, the leftmost pixel in the highest bit. */
    private static final Map<Character, int[]> GLYPHS = Map.ofEntries(
            Map.entry('0', new int[] {14, 17, 19, 21, 25, 17, 14}),
            Map.entry('1', new int[] {4, 12, 4, 4, 4, 4, 14}),
            Map.entry('2', new int[] {14, 17, 1, 2, 4, 8, 31}),
            Map.entry('3', new int[] {31, 2, 4, 2, 1, 17, 14}),
            Map.entry('4', new int[] {2, 6, 10, 18, 31, 2, 2}),
            Map.entry('5', new int[] {31, 16, 30, 1, 1, 17, 14}),
            Map.entry('6', new int[] {6, 8, 16, 30, 17, 17, 14}),
            Map.entry('7', new int[] {31, 1, 2, 4, 8, 8, 8}),
            Map.entry('8', new int[] {14, 17, 17, 14, 17, 17, 14}),
            Map.entry('9', new int[] {14, 17, 17, 15, 1, 2, 12}),
            Map.entry('.', new int[] {0, 0, 0, 0, 0, 12, 12}),
            Map.entry('-', new int[] {0, 0, 0, 31, 0, 0, 0}),
            Map.entry('+', new int[] {0, 4, 4, 31, 4, 4, 0}),
            Map.entry(':', new int[] {0, 12, 12, 0, 12, 12, 0}),
            Map.entry('[', new int[] {14, 8, 8, 8, 8, 8, 14}),
            Map.entry(']', new int[] {14, 2, 2, 2, 2, 2, 14}),
            Map.entry('_', new int[] {0, 0, 0, 0, 0, 0, 31}),
            Map.entry('A', new int[] {14, 17, 17, 31, 17, 17, 17}),
            Map.entry('B', new int[] {30, 17, 17, 30, 17, 17, 30}),
            Map.entry('C', new int[] {14, 17, 16, 16, 16, 17, 14}),
            Map.entry('D', new int[] {28, 18, 17, 17, 17, 18, 28}),
            Map.entry('E', new int[] {31, 16, 16, 30, 16, 16, 31}),
            Map.entry('F', new int[] {31, 16, 16, 30, 16, 16, 16}),
            Map.entry('G', new int[] {14, 17, 16, 23, 17, 17, 15}),
            Map.entry('H', new int[] {17, 17, 17, 31, 17, 17, 17}),
            Map.entry('I', new int[] {14, 4, 4, 4, 4, 4, 14}),
            Map.entry('J', new int[] {7, 2, 2, 2, 2, 18, 12}),
            Map.entry('K', new int[] {17, 18, 20, 24, 20, 18, 17}),
            Map.entry('L', new int[] {16, 16, 16, 16, 16, 16, 31}),
            Map.entry('M', new int[] {17, 27, 21, 21, 17, 17, 17}),
            Map.entry('N', new int[] {17, 17, 25, 21, 19, 17, 17}),
            Map.entry('O', new int[] {14, 17, 17, 17, 17, 17, 14}),
            Map.entry('P', new int[] {30, 17, 17, 30, 16, 16, 16}),
            Map.entry('Q', new int[] {14, 17, 17, 17, 21, 18, 13}),
            Map.entry('R', new int[] {30, 17, 17, 30, 20, 18, 17}),
            Map.entry('S', new int[] {15, 16, 16, 14, 1, 1, 30}),
            Map.entry('T', new int[] {31, 4, 4, 4, 4, 4, 4}),
            Map.entry('U', new int[] {17, 17, 17, 17, 17, 17, 14}),
            Map.entry('V', new int[] {17, 17, 17, 17, 17, 10, 4}),
            Map.entry('W', new int[] {17, 17, 17, 21, 21, 21, 10}),
            Map.entry('X', new int[] {17, 17, 10, 4, 10, 17, 17}),
            Map.entry('Y', new int[] {17, 17, 17, 10, 4, 4, 4}),
            Map.entry('Z', new int[] {31, 1, 2, 4, 8, 16, 31}));

    private PixelFont() {
    }

    /** {@return the width in pixels of {@code text}, without the spacing after its last character} */
    static int width(String text) {
        return text.isEmpty() ? 0 : text.length() * ADVANCE - 1;
    }

    /**
     * Draws {@code text} with its top left corner at ({@code left}, {@code top}); pixels outside the image are left out.
     */
    static void draw(BufferedImage image, String text, int left, int top, int rgb) {
        String upper = text.toUpperCase(Locale.ROOT);
        for (int i = 0; i < upper.length(); i++) {
            int[] rows = GLYPHS.get(upper.charAt(i));
            if (rows == null) {
                continue;
            }
            for (int row = 0; row < HEIGHT; row++) {
                for (int column = 0; column < 5; column++) {
                    int x = left + i * ADVANCE + column;
                    int y = top + row;
                    if ((rows[row] & (16 >> column)) != 0 && x >= 0 && y >= 0 && x < image.getWidth()
                            && y < image.getHeight()) {
                        image.setRGB(x, y, rgb);
                    }
                }
            }
        }
    }
}

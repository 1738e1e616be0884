package org.colony.processor.translate;

/**
 * Thrown inside the translator after a construct has been reported, to abandon the statement that
 * holds it; translation goes on with the next statement so every independent error is reported.
 */
final class Rejected extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Rejected() {
        super(null, null, false, false);
    }
}

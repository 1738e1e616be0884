package org.colony;

/**
 * The one exception type Colony throws for misuse and run-time failures. Its message is one line that
 * names the setting or value at fault and what is allowed ({@code --threads=0 is out of range; use 1 to 1024}).
 */
public class ColonyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * An exception with a one-line message.
     *
     * @param message one line naming the problem and what to do
     */
    public ColonyException(String message) {
        super(message);
    }

    /**
     * An exception with a one-line message and the failure that caused it.
     *
     * @param message one line naming the problem and what to do
     * @param cause the underlying failure
     */
    public ColonyException(String message, Throwable cause) {
        super(message, cause);
    }
}

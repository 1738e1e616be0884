package org.colony.processor.ir;

/**
 * A model class that a translated step refers to.
 *
 * @param kind how the step relates to it
 * @param slot for {@link Kind#AGENT}, the index of the agent class among those the model's steps
 *     iterate (the order of first use); 0 otherwise
 * @param qualifiedName the class's canonical name
 */
public record ModelRef(Kind kind, int slot, String qualifiedName) {

    /** How a step relates to a model. */
    public enum Kind {
        /** The model being translated. */
        SELF,
        /** The place model an agent model lives on. */
        PLACE,
        /** An agent model whose agents a step iterates or counts. */
        AGENT
    }

    /** Whether this is the model being translated. */
    public boolean isSelf() {
        return kind == Kind.SELF;
    }
}

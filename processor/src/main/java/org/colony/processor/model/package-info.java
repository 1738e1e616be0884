/** Immutable records describing a user's model classes as the processor read them, and the reader. */
package org.colony.processor.model;

/**
 * Immutable records describing a user's model classes as the processor read them, the reader, and the catalogue
 * of the intrinsics that model steps may call ({@link org.colony.processor.model.IntrinsicMethod}).
 */
package org.colony.processor.model;

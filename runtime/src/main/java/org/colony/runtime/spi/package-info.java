/**
 * The contract between the runtime and its backends: a {@link org.colony.runtime.spi.Backend} found through a
 * {@link org.colony.runtime.spi.BackendProvider}, and the stores of places and agents it creates, whole or one
 * partition at a time. What generated code sees is in {@code org.colony.kernel}.
 */
package org.colony.runtime.spi;

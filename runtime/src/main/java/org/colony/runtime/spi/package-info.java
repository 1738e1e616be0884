/**
 * The contract between generated code and the runtime: model descriptions, the block storage that
 * generated CPU kernels read and write, and their helpers. Users do not implement these types.
 */
package org.colony.runtime.spi;

/**
 * The contract between generated code and the runtime, in one place both sides compile against: the
 * description of a compiled model ({@link org.colony.kernel.ModelInfo}, its attributes and steps), the
 * storage generated CPU kernels read and write ({@link org.colony.kernel.CpuBlock},
 * {@link org.colony.kernel.AgentBlock}), their helpers, and the random stream every backend draws from.
 * The annotation processor writes code against these types; the runtime and its backends read them. Users
 * do not implement them.
 */
package org.colony.kernel;

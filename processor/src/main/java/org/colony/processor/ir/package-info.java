/**
 * The target-neutral intermediate representation of translated steps: typed, pure expressions and
 * structured statements with Java's semantics made explicit (every conversion is a node, every effect
 * a statement), from which the Java and CUDA generators write code.
 */
package org.colony.processor.ir;

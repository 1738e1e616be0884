/**
 * The Colony model language: the annotations that mark state ({@link org.colony.Attribute},
 * {@link org.colony.Shared}) and behaviour ({@link org.colony.Step}), and the {@link org.colony.Place} and
 * {@link org.colony.Agent} base classes whose intrinsics steps call.
 */
package org.colony;

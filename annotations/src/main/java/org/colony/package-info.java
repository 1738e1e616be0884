/**
 * The Colony model language: the annotations that mark state ({@link org.colony.Attribute},
 * {@link org.colony.Shared}) and behaviour ({@link org.colony.Step}), and the {@link org.colony.Place}
 * base class whose intrinsics steps call.
 */
package org.colony;

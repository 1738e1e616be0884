/** References to steps: the functional interfaces that method references such as {@code HeatCell::diffuse} target. */
package org.colony.runtime.step;

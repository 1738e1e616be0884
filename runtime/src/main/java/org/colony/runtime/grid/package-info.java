/** Grid shapes and boundary policies. */
package org.colony.runtime.grid;

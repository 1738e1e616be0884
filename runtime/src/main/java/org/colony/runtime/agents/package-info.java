/** Agents on places: the per-place index that groups them, in forms that map onto data-parallel hardware. */
package org.colony.runtime.agents;

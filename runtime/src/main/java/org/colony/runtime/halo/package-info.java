/** Halos (ghost regions): the copies of neighbouring cells that blocks keep around their owned region. */
package org.colony.runtime.halo;

/** Moving agents between places: priorities and the resolution of capacity conflicts. */
package org.colony.runtime.migration;

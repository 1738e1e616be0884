/**
 * The geometry of grids: shapes and boundary policies ({@link org.colony.runtime.grid.Grid}), how a grid is
 * cut into partitions ({@link org.colony.runtime.grid.Topology}, {@link org.colony.runtime.grid.Block}), the
 * directions between neighbouring partitions ({@link org.colony.runtime.grid.Neighbors}) and the boxes of cells
 * a halo exchange sends and receives ({@link org.colony.runtime.grid.Region}).
 */
package org.colony.runtime.grid;

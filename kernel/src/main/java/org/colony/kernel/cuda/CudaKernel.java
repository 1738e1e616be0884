package org.colony.kernel.cuda;

/**
 * One generated CUDA kernel and how its threads walk the cells.
 *
 * @param name the kernel's {@code extern "C"} name, {@code HeatCell__diffuse}
 * @param marches whether each thread walks several rows (a register window per lane; the launcher passes the
 *     rows per thread in the frame)
 * @param lanes the columns of cells each thread walks: lanes {@code blockDim.x} apart, or for a SWAR form its 4
 *     adjacent cells; 1 unless it marches
 * @param rows the most rows each thread walks; 1 unless it marches
 */
public record CudaKernel(String name, boolean marches, int lanes, int rows) {

    /**
     * {@return a kernel of one thread per cell or agent}
     *
     * @param name the kernel's {@code extern "C"} name
     */
    public static CudaKernel single(String name) {
        return new CudaKernel(name, false, 1, 1);
    }

    /**
     * {@return a kernel whose threads walk up to {@code rows} rows of {@code lanes} columns each}
     *
     * @param name the kernel's {@code extern "C"} name
     * @param lanes the columns each thread walks
     * @param rows the most rows each thread walks
     */
    public static CudaKernel marching(String name, int lanes, int rows) {
        return new CudaKernel(name, true, lanes, rows);
    }
}

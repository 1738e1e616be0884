package org.colony.cuda.internal.bind;


/**
 * Finds out, without failing, whether the CUDA driver, a GPU, NVRTC and NCCL are usable here: the binding
 * classes fail to load when their libraries are missing, so they are loaded from here, where that
 * failure becomes one line.
 */
public final class Probe {

    private Probe() {
    }

    /** Null when the driver loads and sees a GPU, otherwise one line saying why not. */
    public static String driver() {
        try {
            Class.forName(Driver.class.getName(), true, Probe.class.getClassLoader());
        } catch (ExceptionInInitializerError | ClassNotFoundException | NoClassDefFoundError e) {
            String chain = messages(e);
            return chain.contains("libcuda") ? "no CUDA driver (libcuda.so.1 cannot be loaded)"
                    : "the CUDA driver cannot be used: " + chain;
        }
        try {
            Driver.init();
            if (Driver.deviceCount() == 0) {
                return "the CUDA driver sees no GPU";
            }
            return null;
        } catch (CudaException e) {
            return "the CUDA driver does not start: " + e.getMessage();
        }
    }

    /** Null when NVRTC loads, otherwise one line saying why not. */
    public static String nvrtc() {
        try {
            Class.forName(Nvrtc.class.getName(), true, Probe.class.getClassLoader());
            return null;
        } catch (ExceptionInInitializerError | ClassNotFoundException | NoClassDefFoundError e) {
            return "NVRTC (libnvrtc.so.13), the CUDA runtime compiler, cannot be loaded";
        }
    }

    /** Null when NCCL loads, otherwise one line saying why not (it is needed for more than one device). */
    public static String nccl() {
        return Nccl.unavailableReason();
    }

    private static String messages(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            sb.append(c.getMessage()).append(' ');
        }
        return sb.toString().trim();
    }
}

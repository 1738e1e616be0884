package org.colony.processor.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.colony.kernel.BitRows;
import org.colony.kernel.cuda.CudaModel;
import org.colony.processor.codegen.RuntimeNames;
import org.colony.processor.codegen.cuda.BitSliceKernel;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.StepIr;

/**
 * The bit-sliced form of a place kernel on the CPU, a method of the nested class {@code Bits}: for a step of a
 * two-dimensional model that has the CUDA backend's bit-sliced form (a SWAR form on {@code boolean} attributes alone,
 * see {@link BitSliceKernel}), 64 cells of a row are one {@code long}. A band of rows (and the halo's rows and cells
 * around it) is packed into words, each word of the band computed by the same planes of adders, comparators and
 * selects as on the GPU, and the cells written unpacked into their column: the Java value of every cell, as the
 * scalar kernel computes it. Packing and unpacking go a byte vector mask at a time (the machine's width)
 * ({@code jdk.incubator.vector}), so the class exists only where the vector forms do.
 */
final class BitsKernel {

    /** The simple name of the nested class of bit-sliced kernels. */
    static final String CLASS = "Bits";

    /** Rows computed between a pack and an unpack: the band's words stay in the caches. */
    private static final int BAND = 32;

    private final ModelIr model;
    private final StepIr step;
    private final List<String> word;

    private BitsKernel(ModelIr model, StepIr step, List<String> word) {
        this.model = model;
        this.step = step;
        this.word = word;
    }

    /** The bit-sliced kernel of a step, or null where it has none (or the model is not two-dimensional). */
    static BitsKernel of(ModelIr model, StepIr step, CudaModel facts) {
        if (model.agent() || model.graph() || model.dimensions() != 2) {
            return null;
        }
        List<String> word = BitSliceKernel.javaWord(model, step, facts.steps().get(model.steps().indexOf(step)));
        return word == null ? null : new BitsKernel(model, step, word);
    }

    /** The attributes the step reads (its own cells or its neighbours'). */
    private List<AttributeRef> read() {
        List<AttributeRef> out = new ArrayList<>();
        for (AttributeRef a : model.attributes()) {
            if (step.selfReads().contains(a.ordinal()) || step.remoteReads().contains(a.ordinal())) {
                out.add(a);
            }
        }
        return out;
    }

    /** The attributes the step writes. */
    private List<AttributeRef> written() {
        List<AttributeRef> out = new ArrayList<>();
        for (AttributeRef a : model.attributes()) {
            if (step.writes().contains(a.ordinal())) {
                out.add(a);
            }
        }
        return out;
    }

    /**
     * {@code static boolean <step>(CpuBlock blk$, int row0$, int row1$, int x0$, int x1$, <arguments>)}: the cells of
     * rows {@code row0$..row1$} and columns {@code x0$..x1$}, as the scalar kernel runs them; true (it always runs);
     * and {@code <step>$band}, which computes a band's words. The words are a method of their own so that this one,
     * which packs and unpacks through the Vector API, stays small enough for the JIT to inline those calls and their
     * intrinsics into it.
     */
    List<MethodSpec> methods() {
        MethodSpec.Builder m = rangeMethod(step.name(), Modifier.STATIC);
        MethodSpec.Builder onBits = rangeMethod(step.name() + "$bits", Modifier.PRIVATE, Modifier.STATIC);
        MethodSpec.Builder band = MethodSpec.methodBuilder(step.name() + "$band")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(long[].class, "scratch$")
                .addParameter(TypeName.INT, "rows$")
                .addParameter(TypeName.INT, "WW$")
                .addParameter(TypeName.INT, "pad$")
                .addParameter(TypeName.INT, "keeps$");
        List<AttributeRef> read = read();
        List<AttributeRef> written = written();
        List<String> args = new ArrayList<>(List.of("scratch$", "b1$ - b0$", "WW$", "pad$", "keeps$"));
        // every generated name ends in $ (the statements' own: b<n>, <attribute>_self), so none meets a model's
        for (AttributeRef a : read) {
            band.addParameter(TypeName.INT, "in" + a.ordinal() + "$");
            args.add("in" + a.ordinal() + "$");
        }
        for (AttributeRef a : written) {
            band.addParameter(TypeName.INT, "out" + a.ordinal() + "$");
            args.add("out" + a.ordinal() + "$");
        }
        for (Local p : step.params()) {
            if (p.type() != IrType.BOOLEAN) {
                throw new IllegalStateException("a bit-sliced step with an argument of type " + p.type());
            }
            band.addParameter(TypeName.BOOLEAN, p.name() + "$p");
            args.add(p.name() + "$p");
        }
        List<AttributeRef> touched = new ArrayList<>(read);
        written.stream().filter(a -> !touched.contains(a)).forEach(touched::add);
        List<String> callArgs = new ArrayList<>(List.of("blk$", "row0$", "row1$", "x0$", "x1$"));
        step.params().forEach(p -> callArgs.add(p.name() + "$p"));
        CodeBlock.Builder b = CodeBlock.builder();
        b.add("// the block runs this call on the bits it keeps between calls: a method of its own, so that this one\n");
        b.add("// stays small enough for the JIT to inline the vector calls of packing and unpacking into it\n");
        b.beginControlFlow("if (blk$$.bits($L) != null)", touched.getFirst().ordinal());
        b.addStatement("return $L$$bits($L)", step.name(), String.join(", ", callArgs));
        b.endControlFlow();
        prologue(b, read, written);
        CodeBlock.Builder stored = CodeBlock.builder();
        prologue(stored, read, written);
        stored(stored, read, written, args);
        onBits.addCode(stored.build());
        onBits.addJavadoc("Step {@code $L} on the bits the block keeps between calls ({@code CpuBlock.bits}).\n",
                step.name());
        b.addStatement("blk$$.offerBits(new int[] {$L}, new int[] {$L})", ordinals(read), ordinals(written));
        for (AttributeRef a : read) {
            b.addStatement("final boolean[] col$L$$ = (boolean[]) blk$$.column($L)", a.ordinal(), a.ordinal());
        }
        for (AttributeRef a : written) {
            b.addStatement("final boolean[] dst$L$$ = (boolean[]) blk$$.$L($L)", a.ordinal(),
                    step.buffers(a.ordinal()) ? "next" : "column", a.ordinal());
        }
        List<CodeBlock> packs = read.stream().map(a -> CodeBlock.of(
                "pack(col$L$$, from$$, n$$ + 2 * pad$$, scratch$$, in$L$$ + (r$$ - b0$$ + pad$$) * WW$$)",
                a.ordinal(), a.ordinal())).toList();
        List<CodeBlock> unpacks = written.stream().map(a -> CodeBlock.of(
                "unpack(scratch$$, out$L$$ + (r$$ - b0$$) * WW$$, WW$$, pad$$, dst$L$$, to$$, n$$)",
                a.ordinal(), a.ordinal())).toList();
        bands(b, args, CodeBlock.of("final int from$$ = base$$ + r$$ * strideY$$ + x0$$ - pad$$"), packs,
                CodeBlock.of("final int to$$ = base$$ + r$$ * strideY$$ + x0$$"), unpacks);
        b.addStatement("return true");
        m.addCode(b.build());
        m.addJavadoc("Step {@code $L} on 64 cells a word, bit-sliced.\n", step.name());

        CodeBlock.Builder w = CodeBlock.builder();
        w.beginControlFlow("for (int r$$ = 0; r$$ < rows$$; r$$++)");
        w.beginControlFlow("for (int k$$ = 0; k$$ < WW$$; k$$++)");
        w.addStatement("final int w0$$ = (r$$ + pad$$) * WW$$ + k$$");
        w.addStatement("final long keep$$ = scratch$$[keeps$$ + k$$]");
        w.addStatement("final int o$$ = r$$ * WW$$ + k$$");
        for (String line : word) {
            w.add("$L\n", line);
        }
        w.endControlFlow();
        w.endControlFlow();
        band.addCode(w.build());
        band.addJavadoc("The words of rows {@code 0..rows$$} of a band of step {@code $L}.\n", step.name());
        return List.of(m.build(), onBits.build(), band.build());
    }

    /**
     * {@code static boolean <name>(CpuBlock blk$, int row0$, int row1$, int x0$, int x1$, <the step's arguments>)}:
     * both forms of the kernel, on the columns and on the bits.
     */
    private MethodSpec.Builder rangeMethod(String name, Modifier... modifiers) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(name)
                .addModifiers(modifiers)
                .returns(TypeName.BOOLEAN)
                .addParameter(RuntimeNames.CPU_BLOCK, "blk$")
                .addParameter(TypeName.INT, "row0$")
                .addParameter(TypeName.INT, "row1$")
                .addParameter(TypeName.INT, "x0$")
                .addParameter(TypeName.INT, "x1$");
        for (Local p : step.params()) {
            m.addParameter(TypeName.BOOLEAN, p.name() + "$p");
        }
        return m;
    }

    /** The lines both forms start with: the layout, the band's scratch and where each attribute's words go in it. */
    private void prologue(CodeBlock.Builder b, List<AttributeRef> read, List<AttributeRef> written) {
        b.addStatement("final $T layout$$ = blk$$.layout()", RuntimeNames.LAYOUT);
        b.addStatement("final int n$$ = x1$$ - x0$$");
        b.beginControlFlow("if (n$$ <= 0 || row1$$ <= row0$$)");
        b.addStatement("return true");
        b.endControlFlow();
        b.add("// the halo's cells and rows: every neighbour a step reads is within the layout's padding\n");
        b.addStatement("final int pad$$ = layout$$.pad()");
        b.addStatement("final int strideY$$ = layout$$.strideY()");
        b.addStatement("final int base$$ = layout$$.base()");
        b.add("// a row's bits: the cells x0$$ - pad$$ to x1$$ + pad$$, WW$$ words\n");
        b.addStatement("final int WW$$ = (n$$ + 2 * pad$$ + 63) >>> 6");
        b.addStatement("final int rows$$ = Math.min($L, row1$$ - row0$$)", BAND);
        b.addStatement("final long[] scratch$$ = scratch(2 + $L * (rows$$ + 2 * pad$$) * WW$$ + $L * rows$$ * WW$$ + WW$$)",
                read.size(), written.size());
        b.addStatement("int at$$ = 1");
        for (AttributeRef a : read) {
            b.addStatement("final int in$L$$ = at$$", a.ordinal());
            b.addStatement("at$$ += (rows$$ + 2 * pad$$) * WW$$");
        }
        b.addStatement("at$$++");
        for (AttributeRef a : written) {
            b.addStatement("final int out$L$$ = at$$", a.ordinal());
            b.addStatement("at$$ += rows$$ * WW$$");
        }
        b.addStatement("final int keeps$$ = at$$");
        b.add("// the bits of a word that are cells x0$$..x1$$ - 1 (the others are the halo's)\n");
        b.beginControlFlow("for (int k$$ = 0; k$$ < WW$$; k$$++)");
        b.addStatement("final long lo$$ = Math.max(0, Math.min(64, pad$$ - 64 * k$$))");
        b.addStatement("final long hi$$ = Math.max(0, Math.min(64, pad$$ + n$$ - 64 * k$$))");
        b.addStatement("scratch$$[keeps$$ + k$$] = hi$$ <= lo$$ ? 0L : (hi$$ == 64 ? -1L : (1L << hi$$) - 1L) & (-1L << lo$$)");
        b.endControlFlow();
    }

    /**
     * The call on the bits the block keeps between calls ({@code CpuBlock.bits}): whole rows; each band's rows and
     * the cells around them loaded from the bits (off a grid false, across a torus's seam from the other side, as
     * the columns' halo holds them), the same words computed, and the band's cells stored back as bits.
     */
    private void stored(CodeBlock.Builder b, List<AttributeRef> read, List<AttributeRef> written, List<String> args) {
        b.beginControlFlow("if (x0$$ != 0 || x1$$ != layout$$.extent0())");
        b.addStatement("throw new $T(\"a call on bits runs whole rows, not x \" + x0$$ + \"..\" + x1$$)",
                IllegalStateException.class);
        b.endControlFlow();
        b.addStatement("final int height$$ = layout$$.rows()");
        b.addStatement("final boolean wrap$$ = layout$$.wrap()");
        b.addStatement("final int rw$$ = $T.words(n$$)", BitRows.class);
        for (AttributeRef a : read) {
            b.addStatement("final long[] bits$L$$ = blk$$.bits($L)", a.ordinal(), a.ordinal());
        }
        for (AttributeRef a : written) {
            b.addStatement("final long[] into$L$$ = blk$$.$L($L)", a.ordinal(),
                    step.buffers(a.ordinal()) ? "nextBits" : "bits", a.ordinal());
        }
        bands(b, args, null, read.stream().map(a -> CodeBlock.of("$T.load(bits$L$$, n$$, height$$, wrap$$, r$$, -pad$$, "
                + "n$$ + 2 * pad$$, scratch$$, in$L$$ + (r$$ - b0$$ + pad$$) * WW$$)", BitRows.class, a.ordinal(),
                a.ordinal())).toList(),
                null, written.stream().map(a -> CodeBlock.of("$T.store(scratch$$, out$L$$ + (r$$ - b0$$) * WW$$, pad$$, "
                + "n$$, into$L$$, r$$ * rw$$)", BitRows.class, a.ordinal(), a.ordinal())).toList());
        b.addStatement("return true");
    }

    /**
     * The loop over a call's bands of rows, both forms: each band's rows and the halo's loaded into the scratch words
     * ({@code loads}, after {@code loadHead} a row; null: none), its words computed, its own rows stored ({@code stores},
     * after {@code storeHead}).
     */
    private void bands(CodeBlock.Builder b, List<String> args, CodeBlock loadHead, List<CodeBlock> loads,
            CodeBlock storeHead, List<CodeBlock> stores) {
        b.beginControlFlow("for (int b0$$ = row0$$; b0$$ < row1$$; b0$$ += rows$$)");
        b.addStatement("final int b1$$ = Math.min(b0$$ + rows$$, row1$$)");
        b.beginControlFlow("for (int r$$ = b0$$ - pad$$; r$$ < b1$$ + pad$$; r$$++)");
        if (loadHead != null) {
            b.addStatement(loadHead);
        }
        loads.forEach(b::addStatement);
        b.endControlFlow();
        b.addStatement("$L$$band($L)", step.name(), String.join(", ", args));
        b.beginControlFlow("for (int r$$ = b0$$; r$$ < b1$$; r$$++)");
        if (storeHead != null) {
            b.addStatement(storeHead);
        }
        stores.forEach(b::addStatement);
        b.endControlFlow();
        b.endControlFlow();
    }

    /** The attributes' ordinals, comma-separated. */
    private static String ordinals(List<AttributeRef> attributes) {
        return String.join(", ", attributes.stream().map(a -> String.valueOf(a.ordinal())).toList());
    }

    /** The nested class: its kernels, and the packing, unpacking and scratch they share. */
    static TypeSpec nestedClass(List<MethodSpec> kernels) {
        ClassName byteVector = ClassName.get("jdk.incubator.vector", "ByteVector");
        ClassName species = ClassName.get("jdk.incubator.vector", "VectorSpecies");
        ClassName operators = ClassName.get("jdk.incubator.vector", "VectorOperators");
        ClassName mask = ClassName.get("jdk.incubator.vector", "VectorMask");
        TypeName speciesOfByte = ParameterizedTypeName.get(species, ClassName.get(Byte.class));
        TypeName local = ParameterizedTypeName.get(ClassName.get(ThreadLocal.class), TypeName.get(long[].class));
        TypeSpec.Builder type = TypeSpec.classBuilder(CLASS)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The steps that can, on 64 cells a {@code long} ({@code KernelSupport.BITS}).\n")
                .addField(FieldSpec.builder(speciesOfByte, "B$", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("The machine's byte vectors: 16, 32 or 64 cells a mask.\n")
                        .initializer("$T.SPECIES_PREFERRED", byteVector).build())
                .addField(FieldSpec.builder(TypeName.INT, "L$", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("B$$.length()").build())
                .addField(FieldSpec.builder(TypeName.BOOLEAN, "WIDE$", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Whether a word's 64 cells are a whole number of masks (else cells go one by one).\n")
                        .initializer("L$$ >= 16 && L$$ <= 64 && 64 % L$$ == 0").build())
                .addField(FieldSpec.builder(local, "SCRATCH$", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("$T.withInitial(() -> new long[0])", ThreadLocal.class).build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        type.addMethod(MethodSpec.methodBuilder("scratch")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(long[].class)
                .addParameter(TypeName.INT, "longs")
                .addJavadoc("This thread's scratch words, at least {@code longs} of them (contents left over).\n")
                .addStatement("long[] s = SCRATCH$$.get()")
                .beginControlFlow("if (s.length < longs)")
                .addStatement("s = new long[longs]")
                .addStatement("SCRATCH$$.set(s)")
                .endControlFlow()
                .addStatement("return s")
                .build());
        type.addMethod(MethodSpec.methodBuilder("pack")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(boolean[].class, "a")
                .addParameter(TypeName.INT, "from")
                .addParameter(TypeName.INT, "n")
                .addParameter(long[].class, "out")
                .addParameter(TypeName.INT, "at")
                .addJavadoc("Cells {@code from..from + n} of {@code a} as bits, 64 a word from {@code out[at]} on (bit j of "
                        + "word k: cell {@code from + 64 k + j}); the bits past n are 0.\n")
                .addStatement("final int words = (n + 63) >>> 6")
                .beginControlFlow("for (int k = 0; k < words; k++)")
                .addStatement("final int x = from + 64 * k")
                .addStatement("final int left = n - 64 * k")
                .addStatement("long bits = 0L")
                .beginControlFlow("if (left >= 64 && WIDE$$)")
                .beginControlFlow("for (int q = 0; q < 64; q += L$$)")
                .addStatement("bits |= $T.fromBooleanArray(B$$, a, x + q).compare($T.NE, (byte) 0).toLong() << q",
                        byteVector, operators)
                .endControlFlow()
                .nextControlFlow("else")
                .beginControlFlow("for (int j = 0; j < Math.min(64, left); j++)")
                .beginControlFlow("if (a[x + j])")
                .addStatement("bits |= 1L << j")
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .addStatement("out[at + k] = bits")
                .endControlFlow()
                .build());
        type.addMethod(MethodSpec.methodBuilder("unpack")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(long[].class, "in")
                .addParameter(TypeName.INT, "at")
                .addParameter(TypeName.INT, "words")
                .addParameter(TypeName.INT, "skip")
                .addParameter(boolean[].class, "a")
                .addParameter(TypeName.INT, "to")
                .addParameter(TypeName.INT, "n")
                .addJavadoc("Bits {@code skip..skip + n} of the {@code words} words from {@code in[at]} on into cells "
                        + "{@code to..to + n} of {@code a}.\n")
                .beginControlFlow("for (int c = 0; c * 64 < n; c++)")
                .addStatement("final int w = at + c + (skip >>> 6)")
                .addStatement("final int s = skip & 63")
                .addStatement("final long next = c + (skip >>> 6) + 1 < words ? in[w + 1] : 0L")
                .addStatement("final long bits = s == 0 ? in[w] : (in[w] >>> s) | (next << (64 - s))")
                .addStatement("final int x = to + 64 * c")
                .addStatement("final int left = n - 64 * c")
                .beginControlFlow("if (left >= 64 && WIDE$$)")
                .beginControlFlow("for (int q = 0; q < 64; q += L$$)")
                .addStatement("$T.fromLong(B$$, bits >>> q).intoArray(a, x + q)", mask)
                .endControlFlow()
                .nextControlFlow("else")
                .beginControlFlow("for (int j = 0; j < Math.min(64, left); j++)")
                .addStatement("a[x + j] = (bits >>> j & 1L) != 0")
                .endControlFlow()
                .endControlFlow()
                .endControlFlow()
                .build());
        for (MethodSpec k : kernels) {
            type.addMethod(k);
        }
        return type.build();
    }
}

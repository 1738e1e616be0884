package org.colony.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.colony.processor.Compilations.assertRejected;
import static org.colony.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** Edge classes ({@code Road extends Edge}) and steps that read them through {@code edge(n)}. */
class EdgeModelTest {

    /** The edge class {@code Road}: a double {@code length}, an int {@code lanes}, a boolean {@code toll}. */
    private static JavaFileObject road() {
        return edgeClass("Road", "@Attribute double length;\n@Attribute int lanes;\n@Attribute boolean toll;\n");
    }

    private static JavaFileObject edgeClass(String name, String members) {
        return source(name, "import org.colony.Edge;\n\npublic final class " + name + " extends Edge {\n"
                + members.indent(4) + "}\n");
    }

    /** A vertex model {@code Node extends Vertex<Node>} with a double {@code level}, plus the given members. */
    private static JavaFileObject node(String members) {
        return source("Node", "import org.colony.Vertex;\n\npublic class Node extends Vertex<Node> {\n"
                + "    @Attribute double level;\n\n" + members.indent(4) + "}\n");
    }

    /** An agent model {@code Runner extends Agent<Node>} with a double {@code travelled}, plus the given members. */
    private static JavaFileObject runner(String members) {
        return Compilations.agent("Runner", "public class Runner extends Agent<Node> {\n"
                + "    @Attribute double travelled;\n\n" + members.indent(4) + "}\n");
    }

    @Test
    void edgeLocal_readsTheEdgesAttributesOnEveryBackend() {
        Compilation c = Compilations.compile(road(), node("""
                @Step void average() {
                    double sum = 0;
                    for (Node n : neighbors()) {
                        Road r = edge(n);
                        if (r.toll) continue;
                        sum += n.level * r.lanes / r.length;
                    }
                    for (Node n : inNeighbors()) {
                        Road r = this.edge(n);
                        sum += r.length;
                    }
                    level = sum;
                }
                """));
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Node_Kernels").contentsAsUtf8String()
                .contains("final double[] edge$length = (double[]) graph$.edge(\"length\", false);");
        assertThat(c).generatedSourceFile("test.Node_Kernels").contentsAsUtf8String()
                .contains("final double[] inEdge$length = (double[]) graph$.edge(\"length\", true);");
        assertThat(c).generatedSourceFile("test.Node_Model").contentsAsUtf8String()
                .contains("new EdgeInfo(Road.class, List.of(");
        assertThat(c).generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/colony/cuda/test.Node.cu")
                .contentsAsUtf8String().contains("const jint* __restrict__ g_edge_lanes");
        assertThat(c).generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/colony/cuda/test.Node.cu")
                .contentsAsUtf8String().contains("const double* __restrict__ g_inEdge_length");
    }

    @Test
    void agentOnAVertex_readsTheEdgeOfItsLoop() {
        Compilation c = Compilations.compile(road(), node(""), runner("""
                @Step void run() {
                    for (Node n : placeNeighbors()) {
                        Road r = edge(n);
                        if (r.lanes > 1) {
                            moveTo(n);
                            travelled += r.length;
                            break;
                        }
                    }
                }
                """));
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Runner_Model").contentsAsUtf8String()
                .contains("new EdgeInfo(Road.class");
    }

    @Test
    void edgeOfAnythingButALoopVariable_isRejected() {
        assertRejected(node("""
                @Step void s() {
                    for (Node n : neighbors()) {
                        Node m = n;
                        Road r = edge(m);
                        level = r.length;
                    }
                }
                """), Messages.edgeArgument("m"), "Road r = edge(m)", road());
    }

    @Test
    void edgeUsedAnywhereButAsAnEdgeLocalsValue_isRejected() {
        assertRejected(node("""
                @Step void s() {
                    for (Node n : neighbors()) {
                        level = level + (edge(n) == null ? 1 : 0);
                    }
                }
                """), Messages.edgeUse(), "edge(n) == null", road());
    }

    @Test
    void edgeLocalOfAnotherType_isRejected() {
        assertRejected(node("""
                @Step void s() {
                    for (Node n : neighbors()) {
                        var r = edge(n);
                        level = r.length + (r).lanes;
                        r.lanes = 2;
                        level = r;
                    }
                }
                """), Messages.edgeLocalType("var"), "var r = edge(n)", road());
    }

    @Test
    void parenthesizedEdgeLocal_readsItsField() {
        Compilation c = Compilations.compile(road(), node("""
                @Step void s() {
                    for (Node n : neighbors()) {
                        Road r = edge(n);
                        level = (r).length + ((r)).lanes;
                    }
                }
                """));
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Node_Kernels").contentsAsUtf8String()
                .contains("final int[] edge$lanes = (int[]) graph$.edge(\"lanes\", false);");
    }

    @Test
    void edgeLocalWithoutEdge_isRejected() {
        assertRejected(node("""
                @Step void s() {
                    Road r;
                    level = 1;
                }
                """), Messages.edgeViewInit("r"), "Road r;", road());
    }

    @Test
    void writingAnEdgesField_isRejected() {
        assertRejected(node("""
                @Step void s() {
                    for (Node n : neighbors()) {
                        Road r = edge(n);
                        r.lanes = 2;
                    }
                }
                """), Messages.edgeWrite("r.lanes"), "r.lanes = 2", road());
        assertRejected(node("""
                @Step void s() {
                    for (Node n : neighbors()) {
                        Road r = edge(n);
                        r.length++;
                    }
                }
                """), Messages.edgeWrite("r.length"), "r.length++", road());
    }

    @Test
    void reassigningOrPassingAnEdgeLocal_isRejected() {
        assertRejected(node("""
                @Step void s() {
                    for (Node n : neighbors()) {
                        Road r = edge(n);
                        for (Node m : neighbors()) {
                            r = edge(m);
                        }
                    }
                }
                """), Messages.edgeViewReassigned("r"), "r = edge(m)", road());
        assertRejected(node("""
                @Step void s() {
                    for (Node n : neighbors()) {
                        Road r = edge(n);
                        Road q = r;
                    }
                }
                """), Messages.edgeViewInit("q"), "Road q = r", road());
    }

    @Test
    void unknownEdgeField_isRejected() {
        assertRejected(node("""
                @Step void s() {
                    for (Node n : neighbors()) {
                        Road r = edge(n);
                        level = r.width;
                    }
                }
                """), Messages.edgeField("width", "Road"), "r.width", road());
    }

    @Test
    void twoEdgeClassesInOneModel_areRejected() {
        assertRejected(node("""
                @Step void s() {
                    for (Node n : neighbors()) {
                        Road r = edge(n);
                        level = r.length;
                    }
                }

                @Step void t() {
                    for (Node n : neighbors()) {
                        Rail r = edge(n);
                        level = r.gauge;
                    }
                }
                """), Messages.edgeClassMismatch("Node", "Road", "Rail"), "Rail r = edge(n)", road(),
                edgeClass("Rail", "@Attribute double gauge;\n"));
    }

    @Test
    void anAgentReadingAnotherEdgeClassThanItsVertices_isRejected() {
        JavaFileObject runner = runner("""
                @Step void run() {
                    for (Node n : placeNeighbors()) {
                        Rail r = edge(n);
                        travelled += r.gauge;
                    }
                }
                """);
        JavaFileObject node = node("""
                @Step void s() {
                    for (Node n : neighbors()) {
                        Road r = edge(n);
                        level = r.length;
                    }
                }
                """);
        Compilation c = Compilations.compile(node, runner, road(), edgeClass("Rail", "@Attribute double gauge;\n"));
        assertThat(c).hadErrorCount(1);
        assertThat(c).hadErrorContaining("[Colony/EdgeClass]");
        assertThat(c).hadErrorContaining("reads edges as Road and as Rail");
    }

    @Test
    void edgeClassWithAnArrayOrAStep_isRejected() {
        JavaFileObject array = edgeClass("Road", "@Attribute(length = 2) int[] lanes;\n");
        assertRejected(array, Messages.edgeClassAttribute("lanes", "int[]"), "int[] lanes");
        JavaFileObject step = edgeClass("Road", "@Attribute double length;\n@Step void grow() {\n    length++;\n}\n");
        assertRejected(step, Messages.edgeClassMember("the @Step method grow"), "void grow()");
        JavaFileObject shared = edgeClass("Road", "@Attribute double length;\n@Shared double scale;\n");
        assertRejected(shared, Messages.edgeClassMember("the @Shared field scale"), "double scale");
    }

    @Test
    void edgeAttributeNamedAsAnEdgeListFieldOrWithADollar_isRejected() {
        for (String name : new String[] {"from", "to", "weight", "len$", "$len"}) {
            JavaFileObject road = edgeClass("Road", "@Attribute int lanes;\n@Attribute double " + name + ";\n");
            assertRejected(road, Messages.edgeClassAttributeName(name), "double " + name);
        }
        assertThat(Messages.edgeClassAttributeName("from")).isEqualTo("[Colony/EdgeClass] the edge attribute from "
                + "cannot name a graph's edge column; rename it (letters, digits and _, not starting with a digit, "
                + "not a Java keyword, not from, to or weight)");
    }

    @Test
    void edgeClassThatIsNotFinalOrExtendsAnotherEdgeClass_isRejected() {
        JavaFileObject open = source("Road", "import org.colony.Edge;\n\npublic class Road extends Edge {\n"
                + "    @Attribute double length;\n}\n");
        assertRejected(open, Messages.edgeClassNotFinal("test.Road"), "public class Road");
        JavaFileObject base = source("Road", "import org.colony.Edge;\n\npublic abstract class Road extends Edge {\n"
                + "    @Attribute double length;\n}\n");
        JavaFileObject toll = source("TollRoad", "public final class TollRoad extends Road {\n"
                + "    @Attribute double price;\n}\n");
        Compilation c = Compilations.compile(toll, base);
        assertThat(c).hadErrorContaining(Messages.edgeClassIndirect("test.TollRoad", "test.Road")).inFile(toll)
                .onLineContaining("class TollRoad");
    }
}

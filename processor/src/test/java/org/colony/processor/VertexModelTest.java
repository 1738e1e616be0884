package org.colony.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.colony.processor.Compilations.assertRejected;
import static org.colony.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Place models on a graph's vertices: their loops over neighbours, their facts, and what they may not call. */
class VertexModelTest {

    /** A vertex model {@code Node extends Vertex<Node>} with a double {@code level}, plus the given members. */
    private static JavaFileObject node(String members) {
        return source("Node", "import org.colony.Vertex;\n\npublic class Node extends Vertex<Node> {\n"
                + "    @Attribute double level;\n\n" + members.indent(4) + "}\n");
    }

    @Test
    void loopOverNeighbours_readsThemAndTheirEdges() {
        Compilation c = Compilations.compile(node("""
                @Step void average() {
                    double sum = 0;
                    long ids = 0;
                    for (Node n : neighbors()) {
                        if (n.degree() == 0) continue;
                        sum += n.level * weight(n);
                        ids += n.index();
                    }
                    for (Node n : inNeighbors()) {
                        sum += weight(n) / n.inDegree();
                    }
                    level = degree() + inDegree() == 0 ? level : sum / (degree() + inDegree()) + ids * 0;
                }
                """));
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.Node_Kernels").contentsAsUtf8String()
                .contains("for (int edge = offsets$g[x$]; edge < e$");
    }

    @Test
    void gridIntrinsic_isRejectedInAVertexModel() {
        assertRejected(node("""
                @Step void s() {
                    Node e = neighbor(1);
                    level = e.level;
                }
                """), Messages.gridOnly("neighbor(...)"), "neighbor(1)");
        assertRejected(node("""
                @Step void s() {
                    level = x();
                }
                """), Messages.gridOnly("x(...)"), "x()");
    }

    @Test
    void aReach_isRejectedOnAGraph() {
        assertRejected(node("""
                @Step(reach = 1) void s() {
                    level = 1;
                }
                """), Messages.gridOnly("@Step(reach = 1)"), "void s()");
    }

    @Test
    void neighboursOutsideAForEach_areRejected() {
        assertRejected(node("""
                @Step void s() {
                    neighbors();
                }
                """), Messages.neighborsSource("neighbors(...)"), "neighbors()");
    }

    @Test
    void weightOfAnythingButALoopVariable_isRejected() {
        assertRejected(node("""
                @Step void s() {
                    level = weight(this);
                }
                """), Messages.weightArgument("this"), "weight(this)");
    }

    @Test
    void assigningTheLoopVariable_isRejected() {
        assertRejected(node("""
                @Step void s() {
                    for (Node n : neighbors()) {
                        n = null;
                    }
                }
                """), Messages.neighborsVariable("n"), "for (Node n : neighbors())");
    }

    @Test
    void vertexTypedWithAnotherClass_isRejected() {
        assertRejected(source("Wrong", """
                import org.colony.Vertex;

                public class Wrong extends Vertex<Node> {
                    @Attribute double level;
                }
                """), Messages.vertexSelfType("test.Wrong", "org.colony.Vertex<test.Node>"), "public class Wrong",
                node(""));
    }

    @Test
    void gridModel_mayNameItsOwnMethodsLikeVertexIntrinsics() {
        assertThat(Compilations.compile(Compilations.cell("""
                double weight(double w) {
                    return 2 * w;
                }

                @Step void s() {
                    temp = weight(temp);
                }
                """))).succeededWithoutWarnings();
    }

    /** An agent model {@code Runner extends Agent<Node>} with an int {@code steps}, plus the given members. */
    private static JavaFileObject runner(String members) {
        return Compilations.agent("Runner", "public class Runner extends Agent<Node> {\n    @Attribute int steps;\n\n"
                + members.indent(4) + "}\n");
    }

    @Test
    void agentOnAVertex_walksItsPlacesNeighboursAndMovesAlongAnEdge() {
        Compilation c = Compilations.compile(runner("""
                @Step void run() {
                    if (placeDegree() == 0) return;
                    for (Node n : placeNeighbors()) {
                        if (n.level > 0.5 && weight(n) < 3) {
                            moveTo(n);
                            steps++;
                            break;
                        }
                    }
                }
                """), node(""));
        assertThat(c).succeededWithoutWarnings();
    }

    @Test
    void gridIntrinsicOfAnAgentOnAVertex_isRejected() {
        assertRejected(runner("""
                @Step void run() {
                    migrate(1);
                }
                """), Messages.gridOnly("migrate(...)"), "migrate(1)", node(""));
    }

    @Test
    void moveToAnythingButALoopVariable_andASpawnAtAnOffset_areRejectedOnAGraph() {
        assertRejected(runner("""
                @Step void run() {
                    for (Node n : placeNeighbors()) {
                        Node m = n;
                        moveTo(m);
                    }
                }
                """), Messages.moveToArgument("m"), "moveTo(m)", node(""));
        assertRejected(runner("""
                @Step void run() {
                    spawn(1, 1);
                }
                """), Messages.gridOnly("spawn(...)"), "spawn(1, 1)", node(""));
    }

    @Test
    void graphIntrinsicOfAnAgentOnAGrid_isRejected() {
        assertRejected(Compilations.ant("""
                @Step void run() {
                    sugar = placeDegree();
                }
                """), Messages.graphOnly("placeDegree(...)"), "placeDegree()", Compilations.land());
    }
}

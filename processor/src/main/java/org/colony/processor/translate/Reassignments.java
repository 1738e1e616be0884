package org.colony.processor.translate;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.util.TreeScanner;
import java.util.HashSet;
import java.util.Set;

/** Names of locals and parameters that a method body assigns anywhere (so they have no fixed bound). */
final class Reassignments {

    private Reassignments() {
    }

    /** The names {@code body} assigns, increments or decrements. */
    static Set<String> of(Tree body) {
        Set<String> names = new HashSet<>();
        new TreeScanner<Void, Void>() {
            @Override
            public Void visitAssignment(AssignmentTree node, Void v) {
                note(node.getVariable());
                return super.visitAssignment(node, v);
            }

            @Override
            public Void visitCompoundAssignment(CompoundAssignmentTree node, Void v) {
                note(node.getVariable());
                return super.visitCompoundAssignment(node, v);
            }

            @Override
            public Void visitUnary(UnaryTree node, Void v) {
                switch (node.getKind()) {
                    case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT ->
                            note(node.getExpression());
                    default -> {
                    }
                }
                return super.visitUnary(node, v);
            }

            private void note(ExpressionTree target) {
                if (target instanceof IdentifierTree id) {
                    names.add(id.getName().toString());
                }
            }
        }.scan(body, null);
        return names;
    }
}

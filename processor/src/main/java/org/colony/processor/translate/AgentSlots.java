package org.colony.processor.translate;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.TypeElement;
import org.colony.processor.ir.ModelRef;
import org.colony.processor.model.ModelClass;
import org.colony.processor.model.ModelReader;

/**
 * The agent models whose agents a model's steps iterate or count, numbered in order of first use;
 * one registry per translated model, shared by its steps.
 */
final class AgentSlots {

    private final ModelReader reader;
    private final List<ModelClass> models = new ArrayList<>();

    AgentSlots(ModelReader reader) {
        this.reader = reader;
    }

    /** The slot of an agent model, registering it on first use. */
    int slot(TypeElement agentType) {
        for (int i = 0; i < models.size(); i++) {
            if (models.get(i).element().equals(agentType)) {
                return i;
            }
        }
        models.add(reader.read(agentType));
        return models.size() - 1;
    }

    /** The model in a slot. */
    ModelClass model(int slot) {
        return models.get(slot);
    }

    /** The reference to the model in a slot. */
    ModelRef ref(int slot) {
        return new ModelRef(ModelRef.Kind.AGENT, slot, models.get(slot).qualifiedName());
    }

    /** All registered models, by slot. */
    List<ModelClass> models() {
        return models;
    }
}

/** Orchestration: the annotation processor that runs reading, validation, translation and generation. */
package org.colony.processor.step;

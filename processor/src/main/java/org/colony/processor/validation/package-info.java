/** Validators for model classes, one per annotation or concept; each reports every problem it finds. */
package org.colony.processor.validation;

/**
 * The model language: {@code @Attribute}, {@code @Shared}, {@code @Step}, {@code @Dimensions}, the {@code Place}
 * and {@code Agent} base classes a model extends, and {@code ColonyException}, the one exception Colony throws.
 */
module org.colony.annotations {
    exports org.colony;
}

# Sourced by ./mass and .ci/run: selects a JDK 25 (or newer) and exports JAVA_HOME.
# Order: $JAVA25_HOME, $JAVA_HOME, the Temurin 25 location of the project's machines, other JDKs under /usr/lib/jvm.

colony_java_version() {
    # Prints the feature version of the java at $1/bin/java, or nothing.
    [ -x "$1/bin/java" ] || return 0
    "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -1
}

colony_select_jdk() {
    local candidate version
    for candidate in "${JAVA25_HOME:-}" "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25-jdk-arm64 \
                     /usr/lib/jvm/*25* /usr/lib/jvm/*; do
        [ -n "$candidate" ] || continue
        version=$(colony_java_version "$candidate")
        if [ -n "$version" ] && [ "$version" -ge 25 ] && [ -x "$candidate/bin/javac" ]; then
            export JAVA_HOME="$candidate"
            return 0
        fi
    done
    echo "Colony needs a JDK 25 or newer (javac included); none was found in \$JAVA25_HOME, \$JAVA_HOME or /usr/lib/jvm." >&2
    echo "Install one (for example Eclipse Temurin 25) and set JAVA25_HOME to its directory." >&2
    return 1
}

colony_select_jdk

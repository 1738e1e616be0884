package org.colony.runtime.spi;

/** The life-cycle intents an agent step may record for {@code manageAll}. */
public enum AgentAction {
    MIGRATE, MOVE_TO, SPAWN, KILL
}

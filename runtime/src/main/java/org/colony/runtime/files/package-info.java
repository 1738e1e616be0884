/**
 * Files written whole or not at all: the atomic write (a temporary file of the same directory, forced to the disk,
 * moved into place) that every output and checkpoint of a run goes through, below the packages that write them.
 */
package org.colony.runtime.files;

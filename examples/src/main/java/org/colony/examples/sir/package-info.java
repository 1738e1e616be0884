/** SIR: an epidemic on a contact network, people on the vertices of a graph ({@code mass run sir}). */
package org.colony.examples.sir;

/** Tests of the house itself: no package cycle in any module, no main class past the size the project allows. */
package org.colony.tests.architecture;

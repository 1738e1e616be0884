/** Output of simulation state: PNG heat maps of attributes. */
package org.colony.runtime.io;

/** Structure-of-arrays storage of place attributes: columns, double buffers, halos. */
package org.colony.runtime.storage;

/** The CPU backend: a thread pool running generated Java kernels over blocks of structure-of-arrays storage. */
package org.colony.runtime.cpu;

/**
 * The byte layout of checkpoint files: little-endian numbers, length-prefixed UTF-8 strings and columns, a CRC-32C of
 * the whole content in a trailer. The writer never fails half-way through a collective (it keeps the first I/O error
 * for the end); the reader refuses to allocate more than the bytes left in the file, so a hostile file makes Colony
 * allocate nothing beyond what it holds. What goes into the file is {@code org.colony.runtime}'s affair.
 */
package org.colony.runtime.checkpoint;

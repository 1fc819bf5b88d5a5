package org.blinkhdfs.workload;

/**
 * Where one key-value object lives: {@code length} bytes at {@code offset} of pack file {@code
 * pack}, with the CRC32C of those bytes.
 *
 * @param key the key, {@code 0..keyCount-1}
 * @param pack pack file number
 * @param offset byte offset inside the pack file
 * @param length object size in bytes
 * @param crc32c CRC32C of the object's bytes
 */
public record KvEntry(int key, int pack, long offset, int length, int crc32c) {}

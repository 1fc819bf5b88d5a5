/**
 * The Blink API of BlinkFS §4.3 ({@code getBlinkState}, {@code getBlockInfo}, {@code
 * getFileInfo}, {@code getServerLoadStats}): the answers as records, their JSON ({@link ApiJson})
 * and the Java client ({@link BlinkApiClient}) of the proxy's {@code /v1} endpoints
 * ({@code docs/proxy.md}, "Blink API").
 *
 * <p>Why in blink-model: the admin tool ({@code bin/blink admin}) must not load a NameNode jar, and
 * applications that schedule work around the windows should need only this pure jar and Jackson.
 * The proxy (blink-hdfs-proxy) computes the answers; this package only carries them.
 */
package org.blinkhdfs.model.api;

// Decompression bombs for the proxy's memory tests: small bodies that decode to 1 GiB of zeros.
import { gzipSync } from 'node:zlib'

/** 1 GiB of zeros as brotli (quality 11, window 24) in 841 bytes; made once, as brotli takes ~10 s per GiB. */
export const BROTLI_GIB = Buffer.from(
  'z///f/gnAOKxQCD3/p/////wTwDEYQGA7v0/////4Z8AiMMiAN37f/7//8M/ARCHBQC69//8//+HfwIgDgsAdO//+f//D/8E' +
    'QBwWAOje//P//x/+CYA4LADQvf/n//8//BMAcVgAoHv/z///f/gnAOKwAED3/p/////wTwDEYQGA7v0/////4Z8AiMMCAN37' +
    'f/7//8M/ARCHBQC69//8//+HfwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+CYA4LADQvf/n//8//BMAcVgAoHv/z///f/gn' +
    'AOKwAED3/p/////wTwDEYQGA7v0/////4Z8AiMMCAN37f/7//8M/ARCHBQC69//8//+HfwIgDgsAdO//+f//D/8EQBwWAOje' +
    '//P//x/+CYA4LADQvf/n//8//BMAcVgAoHv/z///f/gnAOKwAED3/p/////wTwDEYQGA7v0/////4Z8AiMMCAN37f/7//8M/' +
    'ARCHBQC69//8//+HfwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+CYA4LADQvf/n//8//BMAcVgAoHv/z///f/gnAOKwAED3' +
    '/p/////wTwDEYQGA7v0/////4Z8AiMMCAN37f/7//8M/ARCHBQC69//8//+HfwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+' +
    'CYA4LADQvf/n//8//BMAcVgAoHv/z///f/gnAOKwAED3/p/////wTwDEYQGA7v0/////4Z8AiMMCAN37f/7//8M/ARCHBQC6' +
    '9//8//+HfwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+CYA4LADQvf/n//8//BMAcVgAoHv/z///f/gnAOKwAED3/p/////w' +
    'TwDEYQGA7v0/////4Z8AiMMCAN37f/7//8M/ARCHBQC69//8//+HfwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+CYA4LADQ' +
    'vf/n//8//BMAcVgAoHv/z///f/gnAOKwAED3/p/////wTwDEYQGA7v0/////4Z8AiMMCAN37f/7//8M/ARCHBQC69//8//+H' +
    'fwIgDgsAdO//+f//D/8EQBwWAOje//P//x/+CYA4LADQvf/n//8//BMAcVgAoHv/Pw==',
  'base64',
)

/**
 * 1 GiB of zeros as gzip, under the proxy's 1 MiB body cap: 128 gzip members of 8 MiB each, which a
 * gzip reader decodes one after another (RFC 1952 section 2.2).
 *
 * @example
 * gzipGib().length // about 1,040,000
 */
export function gzipGib(): Buffer {
  const member = gzipSync(Buffer.alloc(8 * 1_048_576), { level: 9 })
  return Buffer.concat(Array.from({ length: 128 }, () => member))
}

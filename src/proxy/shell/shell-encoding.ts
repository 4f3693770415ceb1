/**
 * The page's shell compressed once, at start, in the encodings browsers take (RFC 9110 §12.5.3,
 * Accept-Encoding): the shell is the first response of every visit and the only one not
 * precompressed by the build (vite.config.ts writes .br/.gz beside the assets). Lighthouse's
 * "Enable text compression" named it (bench/lighthouse.ts).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export type ShellEncoding = 'br' | 'gzip' | 'identity'

export type EncodedShell = Record<ShellEncoding, Uint8Array<ArrayBuffer>>

/** Copied once into plain arrays, which a response body takes as they are. */
export function encodeShell(html: string): EncodedShell {
  const identity = Buffer.from(html, 'utf8')
  return {
    identity: new Uint8Array(identity),
    br: new Uint8Array(
      brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ),
    gzip: new Uint8Array(gzipSync(identity, { level: 9 })),
  }
}

/** The codings an Accept-Encoding header allows, `q=0` meaning "not this one". */
function accepted(header: string): Set<string> {
  const codings = new Set<string>()
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    const weight = params.find((param) => param.startsWith('q='))
    if (coding !== '' && (weight === undefined || Number(weight.slice(2)) > 0)) codings.add(coding)
  }
  return codings
}

/** Brotli when the browser takes it (smaller), else gzip, else the plain page. */
export function chooseShellEncoding(acceptEncoding: string | undefined): ShellEncoding {
  const codings = accepted(acceptEncoding ?? '')
  if (codings.has('br')) return 'br'
  if (codings.has('gzip')) return 'gzip'
  return 'identity'
}

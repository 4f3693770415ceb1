/**
 * Makes a value safe to write on one log line: control characters are written as escapes, so a
 * request path cannot start a forged line (CR/LF) or drive the reader's terminal (ESC sequences,
 * C1 controls such as CSI U+009B). OWASP Logging Cheat Sheet, "Event data sources": encode data
 * from outside before it is logged. Pure, so the proxy and the emulator can share it.
 */
// C0 (U+0000–U+001F), DEL (U+007F), C1 (U+0080–U+009F), and the line/paragraph separators that
// some viewers break lines on (U+2028, U+2029). A backslash is escaped too, so that an escape
// written by the sender cannot be mistaken for one written here.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/g

export function logSafe(value: string): string {
  return value.replace(UNSAFE, (char) => {
    if (char === '\\') return '\\\\'
    if (char === '\n') return '\\n'
    if (char === '\r') return '\\r'
    if (char === '\t') return '\\t'
    const code = char.charCodeAt(0)
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`
  })
}

/**
 * Generated avatars (initials on a coloured circle), so that `avatar_url` points at the emulator
 * itself and the playground works offline.
 */

const PALETTE = ['#00b96b', '#1677ff', '#722ed1', '#eb2f96', '#fa8c16', '#13c2c2', '#2f54eb']

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** Two Latin initials ("Alice Chen" → "AC"), or the first character of a CJK name ("王小明" → "王"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const first = [...(words[0] ?? '?')][0] ?? '?'
  if (/\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u.test(first)) {
    return first
  }
  const second = words.length > 1 ? ([...(words[words.length - 1] ?? '')][0] ?? '') : ''
  return (first + second).toUpperCase()
}

export function avatarSvg(login: string, name: string): string {
  let hash = 0
  for (const char of login) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  const color = PALETTE[hash % PALETTE.length] ?? '#00b96b'
  const initials = initialsOf(name)
  const fontSize = [...initials].length > 1 ? 52 : 60
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"',
    ` role="img" aria-label="${escapeXml(name)}">`,
    `<circle cx="64" cy="64" r="64" fill="${color}"/>`,
    `<text x="64" y="64" dy=".35em" text-anchor="middle" fill="#fff" font-size="${fontSize}"`,
    ' font-family="system-ui,-apple-system,Segoe UI,Roboto,PingFang SC,Microsoft YaHei,sans-serif"',
    ` font-weight="600">${escapeXml(initials)}</text></svg>`,
  ].join('')
}

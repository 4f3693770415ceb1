/**
 * The forms of an HTML page, read as a browser would submit them: each form's action, method,
 * inputs and buttons. Enough for the emulator's own markup (its sign-in, consent and tokens
 * pages, src/emulator/pages/), which the tests and the flow lab's user agent
 * (src/proxy/lab/user-agent.ts) drive as a browser does; not a general HTML parser.
 */

export interface ParsedForm {
  id: string | null
  action: string
  method: string
  fields: { name: string; value: string; type: string; checked: boolean }[]
  buttons: { name: string; value: string; text: string }[]
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
}

function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity)
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>()
  for (const match of tag.matchAll(/([A-Za-z_:][-A-Za-z0-9_:.]*)(?:\s*=\s*"([^"]*)")?/g)) {
    const [, name, value] = match
    if (name !== undefined && !found.has(name.toLowerCase())) {
      found.set(name.toLowerCase(), decodeEntities(value ?? ''))
    }
  }
  return found
}

/** The forms of a page, with their inputs and buttons (enough for the emulator's own markup). */
export function parseForms(html: string): ParsedForm[] {
  const forms: ParsedForm[] = []
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const attrs = attributes(match[1] ?? '')
    const inner = match[2] ?? ''
    const fields = [...inner.matchAll(/<input\b([^>]*)>/gi)].map((input) => {
      const a = attributes(input[1] ?? '')
      return {
        name: a.get('name') ?? '',
        value: a.get('value') ?? '',
        type: (a.get('type') ?? 'text').toLowerCase(),
        checked: a.has('checked'),
      }
    })
    const buttons = [...inner.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)].map((button) => {
      const a = attributes(button[1] ?? '')
      return {
        name: a.get('name') ?? '',
        value: a.get('value') ?? '',
        text: decodeEntities((button[2] ?? '').replace(/<[^>]*>/g, '').trim()),
      }
    })
    forms.push({
      id: attrs.get('id') ?? null,
      action: attrs.get('action') ?? '',
      method: (attrs.get('method') ?? 'get').toLowerCase(),
      fields,
      buttons,
    })
  }
  return forms
}

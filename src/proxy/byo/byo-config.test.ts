import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, type Env } from '../config'

const secret = () => 'generated-secret-generated-secret-00'

function problemsOf(env: Env): string[] {
  try {
    loadConfig(env, secret)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('BYO_APP and BYO_HOSTS', () => {
  it('lets each browser bring its own app by default, with no extra host', () => {
    const config = loadConfig({}, secret)
    expect(config.byoApp).toBe('on')
    expect(config.byoHosts).toEqual([])
  })

  it('reads BYO_APP=off and a list of https origins, normalised, each once', () => {
    const config = loadConfig(
      {
        BYO_APP: 'off',
        BYO_HOSTS:
          ' https://docs.example.com/ ,https://KB.Example.org:8443,https://docs.example.com,',
      },
      secret,
    )
    expect(config.byoApp).toBe('off')
    expect(config.byoHosts).toEqual(['https://docs.example.com', 'https://kb.example.org:8443'])
  })

  it('names BYO_APP when it is neither on nor off', () => {
    expect(problemsOf({ BYO_APP: 'yes' })).toEqual([
      'BYO_APP must be on (the default: each browser may bring its own app) or off, got "yes"',
    ])
  })

  it.each([
    ['not a URL', 'docs.example.com', 'is not an absolute URL'],
    ['plain http', 'http://docs.example.com', 'must use https, not http:'],
    ['another scheme', 'ftp://docs.example.com', 'must use https'],
    ['a user name', 'https://me@docs.example.com', 'must not carry a user name'],
    ['a path', 'https://docs.example.com/api/v2', 'must be an origin'],
    ['a query', 'https://docs.example.com?x', 'must be an origin'],
    ['an IPv4 address', 'https://10.0.0.1', 'must name a host, not an IP address'],
    ['a decimal IPv4 address', 'https://2130706433', 'not an IP address'],
    ['a hex IPv4 address', 'https://0x7f.1', 'not an IP address'],
    ['an IPv6 address', 'https://[::1]', 'not an IP address'],
    ['a single label', 'https://intranet', 'fully qualified'],
    ['a final dot', 'https://docs.example.com.', 'fully qualified'],
  ])('refuses an entry that is %s, naming BYO_HOSTS and the entry', (_what, entry, says) => {
    const problems = problemsOf({ BYO_HOSTS: `https://ok.example.com,${entry}` })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(`BYO_HOSTS: "${entry}"`)
    expect(problems[0]).toContain(says)
  })

  it('reports every bad entry at once', () => {
    expect(problemsOf({ BYO_HOSTS: 'http://a.example.com,https://10.0.0.1' })).toHaveLength(2)
  })
})

/**
 * What production asks of the configuration (docs/operations.md#production): production is said
 * by NODE_ENV=production or shown by an https APP_ORIGIN, either way real users. There the
 * embedded emulator and its demo users run only when asked for (EMULATOR=on), APP_ORIGIN has no
 * fall-back, and SESSION_SECRET must be set and strong. Elsewhere a weak secret is a warning at
 * start (src/server.ts). Tests: config.test.ts, "in production".
 */

/** The floor of sessionSecretWeakness, in bits. */
const MIN_SECRET_BITS = 100

/**
 * Why a SESSION_SECRET is weak, or null. Bits are estimated from the secret's own characters
 * (Shannon entropy per character × length): a floor, not a measure of randomness, that refuses
 * a repeated character or word (32 × "a": 0 bits, "password" × 4: 88) and accepts what the
 * README's command makes (32 random bytes in base64url: over 190 bits) or 16 random bytes in hex
 * (about 114). config.test.ts holds these cases.
 */
export function sessionSecretWeakness(secret: string): string | null {
  const counts = new Map<string, number>()
  for (const char of secret) counts.set(char, (counts.get(char) ?? 0) + 1)
  const length = [...secret].length
  let bitsPerChar = 0
  for (const count of counts.values()) bitsPerChar -= (count / length) * Math.log2(count / length)
  const bits = Math.round(bitsPerChar * length)
  if (bits >= MIN_SECRET_BITS) return null
  return `SESSION_SECRET looks weak (its characters show about ${bits} bits; at least ${MIN_SECRET_BITS} are needed): make one with node -e "console.log(crypto.randomBytes(32).toString('base64url'))"`
}

/** Each problem of a production configuration, naming its variable. */
export function productionProblems(options: {
  /** What made it production, for the messages. */
  reason: string
  hasAppOrigin: boolean
  sessionSecret: string | undefined
  hasService: boolean
  isEmulatorAsked: boolean
}): string[] {
  const { reason } = options
  const problems: string[] = []
  if (!options.hasAppOrigin) {
    problems.push(
      'APP_ORIGIN must be set with NODE_ENV=production: the origin your users open, e.g. https://playground.example.com',
    )
  }
  if (options.sessionSecret === undefined) {
    problems.push(
      `SESSION_SECRET must be set in production (${reason}): a generated one ends every session at a restart and differs between replicas`,
    )
  } else {
    const weakness = sessionSecretWeakness(options.sessionSecret)
    if (weakness !== null) problems.push(`${weakness} (required in production, ${reason})`)
  }
  if (!options.hasService && !options.isEmulatorAsked) {
    problems.push(
      `no service is configured in production (${reason}): set the four YUQUE_* variables for Yuque, or EMULATOR=on to serve the embedded emulator and its demo users on purpose`,
    )
  }
  return problems
}

/**
 * The rules the Dockerfile keeps (docs/operations.md, "Deploy with a container"), checked on its
 * text by scripts/deploy/dockerfile.test.ts, since the image itself can be built only where
 * Docker runs (scripts/deploy/docker-image.test.ts). Each problem is one sentence that says
 * which rule and which instruction.
 */

export interface Instruction {
  keyword: string
  args: string
}

export interface Stage {
  image: string
  name: string | null
  instructions: Instruction[]
}

/** Instructions in order: comments and blank lines dropped, `\` continuations joined. */
export function parseInstructions(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/)
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') }
    })
}

export function stagesOf(instructions: Instruction[]): Stage[] {
  const stages: Stage[] = []
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const words = instruction.args.split(' ').filter((word) => !word.startsWith('--'))
      const as = words.findIndex((word) => word.toUpperCase() === 'AS')
      stages.push({
        image: words[0] ?? '',
        name: as === -1 ? null : (words[as + 1] ?? null),
        instructions: [],
      })
    } else {
      stages.at(-1)?.instructions.push(instruction)
    }
  }
  return stages
}

/** `A=1 B="two words"` (or the old `A 1`) as pairs; ARG's `NAME` alone has no value. */
export function assignments(instruction: Instruction): [string, string | null][] {
  if (!instruction.args.includes('=')) {
    const [name = '', ...value] = instruction.args.split(' ')
    return [[name, instruction.keyword === 'ARG' ? null : value.join(' ')]]
  }
  return [...instruction.args.matchAll(/([A-Za-z_][\w]*)(?:=("[^"]*"|'[^']*'|\S*))?/g)].map(
    (match) => [
      match[1] ?? '',
      match[2] === undefined ? null : match[2].replace(/^["']|["']$/g, ''),
    ],
  )
}

/**
 * Names that hold a secret, or a URL that may carry a password (src/proxy/config.ts): never a
 * literal in the image, nor in the Kubernetes example (scripts/deploy/kubernetes.test.ts).
 */
export const SECRET_NAME =
  /SECRET|PASSWORD|PASSWD|TOKEN|CREDENTIAL|PRIVATE|API_KEY|^REDIS_URL$|_PROXY$/i
/** A URL with a user and password in it, whatever the variable is called. */
const URL_WITH_PASSWORD = /\/\/[^/\s:@]+:[^/\s@]+@/

const SLIM_NODE_20 = /^node:20(?:\.\d+){0,2}-(?:bookworm-)?slim(?:@sha256:[0-9a-f]{64})?$/

export function dockerfileProblems(text: string): string[] {
  const problems: string[] = []
  const stages = stagesOf(parseInstructions(text))
  if (stages.length < 2) problems.push('multi-stage: a build stage and a runtime stage')
  for (const stage of stages) {
    if (!SLIM_NODE_20.test(stage.image))
      problems.push(`FROM ${stage.image}: every stage is on node:20-slim or node:20-bookworm-slim`)
    for (const instruction of stage.instructions) {
      if (instruction.keyword !== 'ENV' && instruction.keyword !== 'ARG') continue
      for (const [name, value] of assignments(instruction)) {
        if (SECRET_NAME.test(name) || (value !== null && URL_WITH_PASSWORD.test(value)))
          problems.push(
            `${instruction.keyword} ${name}: no secret in the image; pass it at run time`,
          )
      }
    }
  }
  const runtime = stages.at(-1)
  const builds = stages.slice(0, -1)
  const runs = (stage: Stage, pattern: RegExp) =>
    stage.instructions.some((i) => i.keyword === 'RUN' && pattern.test(i.args))
  if (!builds.some((stage) => runs(stage, /\bnpm ci\b/) && runs(stage, /\bnpm run build\b/)))
    problems.push('a build stage runs `npm ci` and `npm run build`')
  if (runtime === undefined) return problems

  const of = (keyword: string) => runtime.instructions.filter((i) => i.keyword === keyword)
  if (!runs(runtime, /\bnpm ci\b[^&|;]*--omit=dev\b/))
    problems.push('the runtime stage installs with `npm ci --omit=dev`')
  if (runs(runtime, /\bnpm run build\b/)) problems.push('the runtime stage builds nothing')
  if (!of('COPY').some((i) => /--from=\S+/.test(i.args) && /\bdist\b/.test(i.args)))
    problems.push('the runtime stage copies dist/ from the build stage')
  const users = of('USER')
  const cmd = runtime.instructions.findIndex((i) => i.keyword === 'CMD')
  const lastUser = users.at(-1)
  if (lastUser?.args !== 'node') {
    problems.push(
      `the runtime stage runs as the non-root node user (USER ${lastUser?.args ?? '—'})`,
    )
  } else if (cmd !== -1 && runtime.instructions.indexOf(lastUser) > cmd) {
    problems.push('USER node comes before CMD')
  }
  const env = new Map(of('ENV').flatMap(assignments))
  if (env.get('NODE_ENV') !== 'production') problems.push('ENV NODE_ENV=production')
  if (env.get('HOST') !== '0.0.0.0') problems.push('ENV HOST=0.0.0.0')
  const exposed = of('EXPOSE').flatMap((i) => i.args.split(' ').map((p) => p.split('/')[0]))
  if (!exposed.includes(env.get('PORT') ?? '8080'))
    problems.push(`EXPOSE the app's port (PORT=${env.get('PORT') ?? 'unset'})`)
  if (!of('STOPSIGNAL').some((i) => i.args === 'SIGTERM')) problems.push('STOPSIGNAL SIGTERM')
  const health = of('HEALTHCHECK')
  if (health.length === 0) problems.push('a HEALTHCHECK')
  for (const check of health) {
    if (/\b(curl|wget)\b/.test(check.args))
      problems.push('the HEALTHCHECK uses Node: a slim image has no curl or wget')
    if (!/\bCMD\b.*\bnode\b.*\/healthz/.test(check.args))
      problems.push('the HEALTHCHECK runs node against /healthz')
  }
  return problems
}

/** What `docker build` must not send: installs and builds are made inside, .env holds secrets. */
const IGNORED = ['node_modules', 'dist', '.git', '.env', 'test-results', 'playwright-report']

export function dockerignoreProblems(text: string): string[] {
  const patterns = new Set(
    text
      .split('\n')
      .map((line) => line.trim().replace(/^\/|\/$/g, ''))
      .filter((line) => line !== '' && !line.startsWith('#')),
  )
  return IGNORED.filter((name) => !patterns.has(name)).map((name) => `.dockerignore lists ${name}`)
}

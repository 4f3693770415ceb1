/**
 * The Dockerfile keeps its rules (scripts/deploy/dockerfile-rules.ts): slim Node 20 in every
 * stage, a build stage and a runtime stage that installs with `npm ci --omit=dev`, the `node`
 * user, a HEALTHCHECK by Node itself, SIGTERM, no secret in ENV or ARG; and .dockerignore keeps
 * node_modules, dist, .git and .env out of the build context. Each rule is shown to catch the
 * mistake it is for, on a copy of the real Dockerfile with that one mistake made.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import {
  assignments,
  dockerfileProblems,
  dockerignoreProblems,
  parseInstructions,
  stagesOf,
} from './dockerfile-rules'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8')
const dockerignore = readFileSync(path.join(root, '.dockerignore'), 'utf8')

/** The Dockerfile with `from` replaced by `to`; throws when `from` is not in it. */
function edited(from: string | RegExp, to: string): string {
  const result = dockerfile.replace(from, to)
  if (result === dockerfile) throw new Error(`${String(from)} is not in the Dockerfile`)
  return result
}

describe('the Dockerfile', () => {
  test('keeps every rule', () => {
    expect(dockerfileProblems(dockerfile)).toEqual([])
  })

  test('is read as two stages, the runtime one with its environment', () => {
    const stages = stagesOf(parseInstructions(dockerfile))
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'runtime'])
    const env = stages[1]?.instructions.filter((i) => i.keyword === 'ENV').flatMap(assignments)
    expect(new Map(env).get('NODE_ENV')).toBe('production')
  })

  test.each([
    [
      'a full image',
      /FROM node:20-bookworm-slim AS runtime/,
      'FROM node:20 AS runtime',
      'FROM node:20:',
    ],
    [
      'another Node',
      /FROM node:20-bookworm-slim AS build/,
      'FROM node:22-slim AS build',
      'FROM node:22-slim',
    ],
    ['root', /^USER node$/m, 'USER root', 'non-root node user (USER root)'],
    ['no USER', /^USER node$/m, '', 'non-root node user (USER —)'],
    [
      'curl',
      /CMD \["node", "-e", .*\]$/m,
      `CMD ["node", "-e", "require('child_process').execSync('curl -f http://127.0.0.1:8080/healthz')"]`,
      'curl or wget',
    ],
    ['every package', /npm ci --omit=dev/, 'npm ci', '`npm ci --omit=dev`'],
    ['no STOPSIGNAL', /^STOPSIGNAL SIGTERM$/m, '', 'STOPSIGNAL SIGTERM'],
    ['no NODE_ENV', /NODE_ENV=production/, 'NODE_ENV=development', 'ENV NODE_ENV=production'],
    ['loopback only', /HOST=0\.0\.0\.0/, 'HOST=127.0.0.1', 'ENV HOST=0.0.0.0'],
    ['port not exposed', /^EXPOSE 8080$/m, 'EXPOSE 9464', "EXPOSE the app's port"],
    ['no dist', /^COPY --from=build \/app\/dist \.\/dist$/m, '', 'copies dist/'],
  ])('catches %s', (_, from, to, problem) => {
    expect(dockerfileProblems(edited(from, to))).toEqual([expect.stringContaining(problem)])
  })

  test('catches a single stage', () => {
    const single = edited(/^FROM node:20-bookworm-slim AS runtime$/m, '')
    expect(dockerfileProblems(single)).toEqual(
      expect.arrayContaining(['multi-stage: a build stage and a runtime stage']),
    )
  })

  test('catches a USER node that comes after CMD', () => {
    const moved = `${edited(/^USER node\n/m, '')}USER node\n`
    expect(dockerfileProblems(moved)).toEqual(['USER node comes before CMD'])
  })

  test.each([
    ['ENV SESSION_SECRET=0123456789abcdef0123456789abcdef', 'ENV SESSION_SECRET'],
    ['ARG YUQUE_CLIENT_SECRET', 'ARG YUQUE_CLIENT_SECRET'],
    ['ENV REDIS_URL=redis://redis:6379', 'ENV REDIS_URL'],
    ['ARG NPM_TOKEN=abc', 'ARG NPM_TOKEN'],
    ['ENV UPSTREAM="https://user:hunter2@proxy.example"', 'ENV UPSTREAM'],
  ])('catches a secret in the image: %s', (line, problem) => {
    const withSecret = edited(/^WORKDIR \/app$/m, `WORKDIR /app\n${line}`)
    expect(dockerfileProblems(withSecret)).toEqual([
      expect.stringContaining(`${problem}: no secret in the image`),
    ])
  })
})

describe('.dockerignore', () => {
  test('keeps installs, builds, the history and .env files out of the context', () => {
    expect(dockerignoreProblems(dockerignore)).toEqual([])
  })

  test('catches a missing .env', () => {
    expect(dockerignoreProblems(dockerignore.replace(/^\.env$/m, ''))).toEqual([
      '.dockerignore lists .env',
    ])
  })
})

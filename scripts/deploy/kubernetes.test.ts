/**
 * The Kubernetes example (deploy/kubernetes/playground.yaml) parses, every document of it, holds
 * what a deployment needs (2+ replicas, a Service, a disruption budget, secrets by reference,
 * resources, a non-root read-only container) and configures the server validly: its environment
 * goes through the server's own parsers (src/proxy/config.ts, src/server/server-config.ts). Its
 * probe timings are checked against the drain the server does on SIGTERM, with the values the
 * manifest sets and the server's defaults for the rest, never numbers repeated here; a copy
 * with one timing wrong is shown to fail.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseAllDocuments } from 'yaml'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { loadConfig } from '../../src/proxy/config'
import { loadServerConfig } from '../../src/server/server-config'
import { SECRET_NAME, assignments, parseInstructions, stagesOf } from './dockerfile-rules'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const text = readFileSync(path.join(root, 'deploy/kubernetes/playground.yaml'), 'utf8')

/** After the drain and the requests in flight: closing Redis, the last log lines, the exit. */
const GRACE_MARGIN_MS = 5000

const Probe = z.object({
  httpGet: z.object({ path: z.string(), port: z.union([z.string(), z.number()]) }),
  periodSeconds: z.number().int().min(1),
  timeoutSeconds: z.number().int().min(1).default(1),
  failureThreshold: z.number().int().min(1),
})
const EnvVar = z.object({
  name: z.string(),
  value: z.string().optional(),
  valueFrom: z.object({ secretKeyRef: z.object({ name: z.string(), key: z.string() }) }).optional(),
})
const Labels = z.record(z.string(), z.string())
const Container = z.object({
  image: z.string(),
  ports: z.array(z.object({ name: z.string(), containerPort: z.number() })),
  env: z.array(EnvVar),
  resources: z.object({
    requests: z.object({ cpu: z.string(), memory: z.string() }),
    limits: z.object({ memory: z.string() }).loose(),
  }),
  securityContext: z.object({
    allowPrivilegeEscalation: z.literal(false),
    readOnlyRootFilesystem: z.literal(true),
    capabilities: z.object({ drop: z.array(z.string()) }),
  }),
  livenessProbe: Probe,
  readinessProbe: Probe,
})
const Deployment = z.object({
  kind: z.literal('Deployment'),
  spec: z.object({
    replicas: z.number().int(),
    selector: z.object({ matchLabels: Labels }),
    template: z.object({
      metadata: z.object({ labels: Labels }),
      spec: z.object({
        terminationGracePeriodSeconds: z.number().int(),
        securityContext: z.object({ runAsNonRoot: z.literal(true), runAsUser: z.number().int() }),
        containers: z.array(Container).length(1),
      }),
    }),
  }),
})
type Deployment = z.infer<typeof Deployment>
const Service = z.object({
  kind: z.literal('Service'),
  spec: z.object({
    selector: Labels,
    ports: z.array(z.object({ targetPort: z.union([z.string(), z.number()]) })),
  }),
})
const Budget = z.object({
  kind: z.literal('PodDisruptionBudget'),
  spec: z.object({ selector: z.object({ matchLabels: Labels }) }),
})

const documents = parseAllDocuments(text)
const objects = documents.map((document) =>
  z.looseObject({ kind: z.string() }).parse(document.toJS()),
)
const only = <T>(schema: z.ZodType<T>, kind: string): T =>
  schema.parse(objects.find((object) => object.kind === kind))
const deployment = only(Deployment, 'Deployment')
const container = (d: Deployment) => d.spec.template.spec.containers[0]!

/**
 * The container's environment as the server would see it: the literal values, and a stand-in
 * of the right shape for each value a Secret provides.
 */
function environment(d: Deployment): Record<string, string> {
  const standIns: Record<string, string> = {
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    REDIS_URL: 'redis://redis.example.internal:6379',
  }
  return Object.fromEntries(
    container(d).env.map((v) => [v.name, v.value ?? standIns[v.name] ?? 'from-a-secret']),
  )
}

/** Each timing rule the manifest breaks, as a sentence. */
function timingProblems(d: Deployment): string[] {
  const env = environment(d)
  const server = loadServerConfig(env)
  const drain = server.drainDelayMs
  const { readinessProbe: ready } = container(d)
  const problems: string[] = []
  // Out of the endpoints after periodSeconds × failureThreshold: at most half the drain, so the
  // probe sees the 503 at least twice, and the endpoint's removal has the other half to reach
  // every node and balancer before the listener closes.
  const outAfterMs = ready.periodSeconds * ready.failureThreshold * 1000
  if (outAfterMs > drain / 2)
    problems.push(
      `readiness: out of the endpoints after ${outAfterMs} ms, more than half the ${drain} ms drain`,
    )
  if (ready.timeoutSeconds * 1000 <= server.readinessTimeoutMs)
    problems.push(
      `readiness: timeoutSeconds must exceed READINESS_TIMEOUT_MS (${server.readinessTimeoutMs} ms)`,
    )
  const grace = d.spec.template.spec.terminationGracePeriodSeconds * 1000
  const needed = drain + server.shutdownTimeoutMs + GRACE_MARGIN_MS
  if (grace < needed)
    problems.push(
      `terminationGracePeriodSeconds: ${grace} ms < drain ${drain} + requests ${server.shutdownTimeoutMs} + margin ${GRACE_MARGIN_MS}`,
    )
  return problems
}

/** A copy of the Deployment with one change made by `edit`. */
function changed(edit: (d: Deployment) => void): Deployment {
  const copy = structuredClone(deployment)
  edit(copy)
  return copy
}

describe('deploy/kubernetes/playground.yaml', () => {
  test('parses, every document, into a Deployment, a Service and a PodDisruptionBudget', () => {
    expect(documents.flatMap((document) => document.errors)).toEqual([])
    expect(objects.map((object) => object.kind).sort()).toEqual(
      ['Deployment', 'PodDisruptionBudget', 'Service'].sort(),
    )
  })

  test('runs 2+ replicas that the Service and the budget select, on the ports it names', () => {
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2)
    const labels = deployment.spec.template.metadata.labels
    const selects = (selector: Record<string, string>) =>
      Object.entries(selector).every(([key, value]) => labels[key] === value)
    expect(selects(deployment.spec.selector.matchLabels)).toBe(true)
    const service = only(Service, 'Service')
    expect(selects(service.spec.selector)).toBe(true)
    expect(selects(only(Budget, 'PodDisruptionBudget').spec.selector.matchLabels)).toBe(true)
    const named = container(deployment).ports.map((port) => port.name)
    for (const { targetPort } of service.spec.ports) expect(named).toContain(targetPort)
  })

  test('sets a valid configuration for the real service (the server’s own parsers)', () => {
    const env = environment(deployment)
    const config = loadConfig(env)
    expect(config.service).toBe('yuque')
    expect(config.isSecure).toBe(true)
    expect(config.isSessionSecretGenerated).toBe(false)
    const ports = new Map(container(deployment).ports.map((p) => [p.name, p.containerPort]))
    expect(ports.get('http')).toBe(config.port)
    const serverConfig = loadServerConfig(env, config.port)
    expect(serverConfig.redisUrl).not.toBeNull()
    expect(ports.get('metrics')).toBe(serverConfig.metricsPort)
  })

  test('takes every secret from a Secret, never as a literal', () => {
    const env = container(deployment).env
    for (const name of ['SESSION_SECRET', 'YUQUE_CLIENT_SECRET', 'REDIS_URL'])
      expect(env.find((v) => v.name === name)?.valueFrom?.secretKeyRef).toBeDefined()
    expect(env.filter((v) => SECRET_NAME.test(v.name) && v.value !== undefined)).toEqual([])
  })

  test('runs as a non-root user, read-only, without privileges, with resources bounded', () => {
    // The schema holds runAsNonRoot, readOnlyRootFilesystem and allowPrivilegeEscalation.
    expect(deployment.spec.template.spec.securityContext.runAsUser).toBeGreaterThan(0)
    expect(container(deployment).securityContext.capabilities.drop).toContain('ALL')
    expect(container(deployment).resources.limits.memory).toMatch(/^\d+[MG]i$/)
  })

  test('its ports are the ones the image listens on and exposes', () => {
    const stages = stagesOf(parseInstructions(readFileSync(path.join(root, 'Dockerfile'), 'utf8')))
    const runtime = stages.at(-1)?.instructions ?? []
    const exposed = runtime
      .filter((i) => i.keyword === 'EXPOSE')
      .flatMap((i) => i.args.split(' ').map(Number))
    for (const port of container(deployment).ports) expect(exposed).toContain(port.containerPort)
    const imagePort = new Map(runtime.filter((i) => i.keyword === 'ENV').flatMap(assignments)).get(
      'PORT',
    )
    expect(environment(deployment).PORT ?? imagePort).toBe(imagePort)
  })

  test('probes /healthz for liveness and /readyz for readiness', () => {
    expect(container(deployment).livenessProbe.httpGet.path).toBe('/healthz')
    expect(container(deployment).readinessProbe.httpGet.path).toBe('/readyz')
  })

  test('its probe timings fit the drain on SIGTERM, and the grace period covers it', () => {
    expect(timingProblems(deployment)).toEqual([])
  })

  test('they still fit with the server’s default SHUTDOWN_TIMEOUT_MS (the line removed)', () => {
    const withDefault = changed((d) => {
      const env = container(d).env
      env.splice(
        env.findIndex((v) => v.name === 'SHUTDOWN_TIMEOUT_MS'),
        1,
      )
    })
    expect(environment(withDefault).SHUTDOWN_TIMEOUT_MS).toBeUndefined()
    expect(timingProblems(withDefault)).toEqual([])
  })

  test.each([
    [
      'a slow readiness probe',
      (d: Deployment) => (container(d).readinessProbe.periodSeconds = 2),
      'more than half',
    ],
    [
      'a lenient readiness probe',
      (d: Deployment) => (container(d).readinessProbe.failureThreshold = 3),
      'more than half',
    ],
    [
      'a short probe time-out',
      (d: Deployment) => (container(d).readinessProbe.timeoutSeconds = 1),
      'READINESS_TIMEOUT_MS',
    ],
    [
      'a short grace period',
      (d: Deployment) => (d.spec.template.spec.terminationGracePeriodSeconds = 15),
      'terminationGracePeriodSeconds',
    ],
    [
      'a longer request time-out',
      (d: Deployment) =>
        (container(d).env.find((v) => v.name === 'SHUTDOWN_TIMEOUT_MS')!.value = '25000'),
      'terminationGracePeriodSeconds',
    ],
  ])('fails with %s', (_, edit, problem) => {
    expect(timingProblems(changed(edit))).toEqual([expect.stringContaining(problem)])
  })
})

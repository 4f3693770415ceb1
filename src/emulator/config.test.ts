import { describe, expect, it } from 'vitest'
import { loadEmulatorConfig } from './config'

describe('loadEmulatorConfig', () => {
  it.each([
    ['abc', 'EMULATOR_PORT: must be a number'],
    ['0', 'EMULATOR_PORT: must be between 1 and 65535'],
    ['70000', 'EMULATOR_PORT: must be between 1 and 65535'],
    ['40.5', 'EMULATOR_PORT: must be a whole number'],
  ])('refuses EMULATOR_PORT=%s with a clear message', (port, message) => {
    expect(loadEmulatorConfig({ EMULATOR_PORT: port }, [])).toEqual({
      ok: false,
      errors: [message],
    })
  })

  it('refuses an unknown flag', () => {
    expect(loadEmulatorConfig({}, ['--tset-control'])).toEqual({
      ok: false,
      errors: ['unknown flag --tset-control'],
    })
  })

  it('refuses a bad --port', () => {
    const result = loadEmulatorConfig({}, ['--port', 'x'])
    expect(result).toEqual({ ok: false, errors: ['--port: must be a number'] })
  })

  it('defaults to port 4010, test control off, the default callback', () => {
    expect(loadEmulatorConfig({}, [])).toEqual({
      ok: true,
      config: {
        port: 4010,
        testControl: false,
        webRedirectUri: 'http://localhost:5173/callback',
        profile: 'seed',
        host: '127.0.0.1',
        publicUrl: null,
        printConfig: false,
        configFile: null,
        file: null,
        controlFrom: [],
      },
    })
  })

  it('takes the interface and the public URL from flags or EMULATOR_HOST and EMULATOR_PUBLIC_URL', () => {
    const flags = loadEmulatorConfig({}, [
      '--host',
      '0.0.0.0',
      '--public-url',
      'http://yuque:4010/',
    ])
    expect(flags).toMatchObject({
      ok: true,
      config: { host: '0.0.0.0', publicUrl: 'http://yuque:4010' },
    })
    const env = loadEmulatorConfig(
      { EMULATOR_HOST: '::', EMULATOR_PUBLIC_URL: 'https://yuque.example' },
      [],
    )
    expect(env).toMatchObject({
      ok: true,
      config: { host: '::', publicUrl: 'https://yuque.example' },
    })
    // An empty variable is an unset one.
    expect(loadEmulatorConfig({ EMULATOR_HOST: '', EMULATOR_PUBLIC_URL: '' }, [])).toMatchObject({
      ok: true,
      config: { host: '127.0.0.1', publicUrl: null },
    })
  })

  it('names a bad interface or public URL with what it accepts', () => {
    expect(
      loadEmulatorConfig({ EMULATOR_HOST: 'bad host!' }, ['--public-url', 'http://yuque:4010/api']),
    ).toEqual({
      ok: false,
      errors: [
        'EMULATOR_HOST: must be an IP address or a host name, e.g. 127.0.0.1 or 0.0.0.0',
        '--public-url: must be an http(s) origin without a path, query or credentials, such as http://yuque:4010',
      ],
    })
    for (const bad of ['yuque:4010', 'ftp://yuque', 'http://user:pw@yuque:4010']) {
      const result = loadEmulatorConfig({ EMULATOR_PUBLIC_URL: bad }, [])
      expect(result.ok, bad).toBe(false)
    }
    expect(loadEmulatorConfig({}, ['--host'])).toMatchObject({ ok: false })
  })

  it('reads EMULATOR_PORT, APP_ORIGIN and --test-control', () => {
    expect(
      loadEmulatorConfig({ EMULATOR_PORT: '4999', APP_ORIGIN: 'http://localhost:6000/' }, [
        '--test-control',
      ]),
    ).toEqual({
      ok: true,
      config: {
        port: 4999,
        testControl: true,
        webRedirectUri: 'http://localhost:6000/callback',
        profile: 'seed',
        host: '127.0.0.1',
        publicUrl: null,
        printConfig: false,
        configFile: null,
        file: null,
        controlFrom: [],
      },
    })
  })

  it('reads EMULATOR_PROFILE, and --profile over it', () => {
    const fromEnv = loadEmulatorConfig({ EMULATOR_PROFILE: 'observed' }, [])
    expect(fromEnv.ok && fromEnv.config.profile).toBe('observed')
    const fromFlag = loadEmulatorConfig({ EMULATOR_PROFILE: 'observed' }, ['--profile', 'seed'])
    expect(fromFlag.ok && fromFlag.config.profile).toBe('seed')
    const empty = loadEmulatorConfig({ EMULATOR_PROFILE: '' }, [])
    expect(empty.ok && empty.config.profile).toBe('seed')
  })

  it('refuses an unknown profile, naming the variable or the flag it came from', () => {
    expect(loadEmulatorConfig({ EMULATOR_PROFILE: 'real' }, [])).toEqual({
      ok: false,
      errors: ['EMULATOR_PROFILE: must be "seed" or "observed"'],
    })
    expect(loadEmulatorConfig({}, ['--profile', 'Observed'])).toEqual({
      ok: false,
      errors: ['--profile: must be "seed" or "observed"'],
    })
    expect(loadEmulatorConfig({}, ['--profile'])).toEqual({
      ok: false,
      errors: ['--profile: must be "seed" or "observed"'],
    })
  })

  it('reads --control-from over EMULATOR_CONTROL_FROM: addresses and CIDR ranges, IPv4 and IPv6', () => {
    const fromFlag = loadEmulatorConfig({ EMULATOR_CONTROL_FROM: '192.0.2.7' }, [
      '--test-control',
      '--control-from',
      '10.0.0.0/8, 172.16.0.0/12,fd00::/8,',
    ])
    expect(fromFlag.ok && fromFlag.config.controlFrom).toEqual([
      '10.0.0.0/8',
      '172.16.0.0/12',
      'fd00::/8',
    ])
    const fromEnv = loadEmulatorConfig({ EMULATOR_CONTROL_FROM: '192.0.2.7' }, ['--test-control'])
    expect(fromEnv.ok && fromEnv.config.controlFrom).toEqual(['192.0.2.7'])
    // An empty variable is an unset one: loopback only.
    const empty = loadEmulatorConfig({ EMULATOR_CONTROL_FROM: '' }, ['--test-control'])
    expect(empty.ok && empty.config.controlFrom).toEqual([])
  })

  it('refuses a --control-from entry that is not an address or a range, naming the flag or the variable', () => {
    expect(
      loadEmulatorConfig({}, ['--test-control', '--control-from', '10.0.0.0/33,yuque,10.1.2.3']),
    ).toEqual({
      ok: false,
      errors: [
        '--control-from: "10.0.0.0/33" is not an IP address or a CIDR range (e.g. 10.0.0.0/8, 192.0.2.7, fd00::/8)',
        '--control-from: "yuque" is not an IP address or a CIDR range (e.g. 10.0.0.0/8, 192.0.2.7, fd00::/8)',
      ],
    })
    expect(
      loadEmulatorConfig({ EMULATOR_CONTROL_FROM: '172.16.0.0/x', EMULATOR_PORT: 'x' }, [
        '--test-control',
      ]),
    ).toEqual({
      ok: false,
      errors: [
        'EMULATOR_PORT: must be a number',
        'EMULATOR_CONTROL_FROM: "172.16.0.0/x" is not an IP address or a CIDR range (e.g. 10.0.0.0/8, 192.0.2.7, fd00::/8)',
      ],
    })
    expect(loadEmulatorConfig({}, ['--test-control', '--control-from', ' , '])).toEqual({
      ok: false,
      errors: [
        '--control-from: must list IP addresses or CIDR ranges, such as 10.0.0.0/8,172.16.0.0/12',
      ],
    })
  })

  it('refuses --control-from without --test-control: the list would do nothing', () => {
    expect(loadEmulatorConfig({}, ['--control-from', '10.0.0.0/8'])).toEqual({
      ok: false,
      errors: [
        '--control-from: has no effect without --test-control (the test-control API is off)',
      ],
    })
    expect(loadEmulatorConfig({ EMULATOR_CONTROL_FROM: '10.0.0.0/8' }, [])).toEqual({
      ok: false,
      errors: [
        'EMULATOR_CONTROL_FROM: has no effect without --test-control (the test-control API is off)',
      ],
    })
  })
})

/**
 * Runs before the tests (`pretest`, `pretest:unit`): the real parts they start are Debian
 * packages, not npm ones — redis-server (the shared store's tests, the cluster), nginx (the
 * load balancer of `npm run cluster`, docs/decisions/0007-nginx-load-balancer.md),
 * fonts-noto-cjk (screenshots of Chinese text), and what runs the code snippets
 * (src/web/lib/snippets/*-run.test.ts): Go (golang-go) and Python's requests
 * (python3-requests). When one is missing and we are root with apt-get (CI, a fresh container),
 * it installs them; otherwise it says what to install.
 */
import { execSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

interface SystemPackage {
  name: string
  isPresent: () => boolean
}

const hasCommand = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0 ||
  existsSync(`/usr/sbin/${command}`)

const isDebianPackageInstalled = (name: string) =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout?.includes(
    'install ok installed',
  ) === true

const PACKAGES: SystemPackage[] = [
  { name: 'redis-server', isPresent: () => hasCommand('redis-server') },
  { name: 'nginx', isPresent: () => hasCommand('nginx') },
  {
    name: 'fonts-noto-cjk',
    isPresent: () =>
      isDebianPackageInstalled('fonts-noto-cjk') ||
      spawnSync('sh', ['-c', 'fc-list :lang=zh | grep -q .'], { stdio: 'ignore' }).status === 0,
  },
  { name: 'golang-go', isPresent: () => hasCommand('go') },
  {
    // The python3 on PATH: Debian's package serves Debian's python3, not one of pyenv or a venv.
    name: 'python3-requests',
    isPresent: () =>
      spawnSync('python3', ['-c', 'import requests'], { stdio: 'ignore' }).status === 0,
  },
]

const missing = PACKAGES.filter((item) => !item.isPresent()).map((item) => item.name)
if (missing.length === 0) process.exit(0)

const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
if (canInstall) {
  console.log(`Missing system packages: ${missing.join(', ')}. Installing them with apt-get…`)
  execSync(
    `apt-get update -qq && apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`,
    { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  )
}
const stillMissing = PACKAGES.filter((item) => !item.isPresent()).map((item) => item.name)
if (stillMissing.length > 0) {
  console.error(
    [
      `The tests need these system packages: ${stillMissing.join(', ')}.`,
      'Install them, e.g. `sudo apt-get install redis-server nginx fonts-noto-cjk golang-go',
      'python3-requests` on Debian or Ubuntu, or `brew install redis nginx go` (and a CJK font) on',
      'macOS; for a python3 of your own (pyenv, a venv), `python3 -m pip install requests`. Then',
      'run the tests again.',
    ].join('\n'),
  )
  process.exit(1)
}

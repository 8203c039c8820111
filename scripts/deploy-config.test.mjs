// The deployment files agree with each other and with the app (docs/deployment.md): the Dockerfile's
// runtime stage, deploy/nginx.conf and compose.yaml. What running them shows is in
// scripts/check-dockerfile.mjs and scripts/topology-test.mjs (CI's deployment phase); this is the
// static part, checked in the unit pass.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseDockerfile } from './check-dockerfile.mjs'
import { SERVER_NODE_FLAGS } from './server-flags.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const read = (file) => readFileSync(path.join(root, file), 'utf8')

describe('parseDockerfile', () => {
  it('joins continued lines and names each instruction’s stage', () => {
    const steps = parseDockerfile('ARG X=1\nFROM a AS one\n# note\nRUN echo \\\n  two\nFROM b AS two\nUSER node\n')
    expect(steps.map(({ stage, op, args }) => [stage, op, args])).toEqual([
      [null, 'ARG', 'X=1'],
      ['one', 'FROM', 'a AS one'],
      ['one', 'RUN', 'echo    two'],
      ['two', 'FROM', 'b AS two'],
      ['two', 'USER', 'node'],
    ])
  })
})

describe('the Dockerfile', () => {
  const steps = parseDockerfile(read('Dockerfile'))
  const runtime = steps.filter((s) => s.stage === 'runtime')
  const one = (op) => runtime.find((s) => s.op === op)?.args

  it('runs the compiled server as a non-root user with npm start’s flags', () => {
    expect(one('USER')).toMatch(/^(?!root$|0$)\w+$/)
    const cmd = JSON.parse(one('CMD'))
    expect(cmd.slice(-1)).toEqual(['dist/server/main.js'])
    expect(cmd).toEqual(expect.arrayContaining(['node', ...SERVER_NODE_FLAGS]))
  })

  it('checks its health with deploy/healthcheck.mjs and exposes the port it listens on', () => {
    expect(one('HEALTHCHECK')).toMatch(/CMD \["node", "deploy\/healthcheck\.mjs"\]$/)
    expect(one('ENV')).toMatch(new RegExp(`PORT=${one('EXPOSE')}\\b`))
    expect(one('VOLUME')).toContain('/data')
  })
})

describe('deploy/nginx.conf', () => {
  const nginx = read('deploy/nginx.conf')

  it('lets the app refuse oversized uploads itself: its body limit is the app’s 50 MB and 1 MB more', () => {
    const appLimit = /DEFAULT_DOCUMENT_MAX_BYTES = (\d+) \* 1024 \* 1024/.exec(
      read('src/server/core/documents/upload-document.ts'),
    )
    expect(appLimit).not.toBeNull()
    expect(nginx).toMatch(new RegExp(`client_max_body_size ${Number(appLimit[1]) + 1}m;`))
  })

  it('serves both live streams unbuffered with long timeouts', () => {
    const block = /location ~ (\S+) \{([^}]*)\}/.exec(nginx)
    const pattern = new RegExp(block[1])
    for (const contract of ['src/shared/contracts/live.ts', 'src/shared/contracts/notifications.ts']) {
      const streamPaths = [...read(contract).matchAll(/path: '([^']*(?:events|stream))'/g)].map((m) => m[1])
      expect(streamPaths.length).toBeGreaterThan(0)
      for (const p of streamPaths) expect(`/api${p.replace(/\{[^}]+\}/g, 'abc-123')}`).toMatch(pattern)
    }
    expect(pattern.test('/api/transactions/abc/documents')).toBe(false)
    expect(block[2]).toMatch(/proxy_buffering off;/)
    expect(block[2]).toMatch(/proxy_read_timeout 1h;/)
  })

  it('tells the apps who the client is and retries a failed connection on another process', () => {
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/)
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/)
    expect(nginx).toMatch(/proxy_next_upstream error timeout/)
  })
})

describe('compose.yaml', () => {
  const compose = read('compose.yaml')
  const nginx = read('deploy/nginx.conf')

  it('runs every app service behind nginx, and only those', () => {
    const services = [...compose.matchAll(/^ {2}(app\d+):$/gm)].map((m) => m[1])
    const upstreams = [...nginx.matchAll(/^\s*server (app\d+):3000/gm)].map((m) => m[1])
    expect(services.length).toBeGreaterThanOrEqual(2)
    expect(upstreams).toEqual(services)
  })

  it('trusts forwarded addresses from nginx’s fixed address only', () => {
    const nginxAddress = /ipv4_address: ([\d.]+)/.exec(compose)?.[1]
    expect(nginxAddress).toBeDefined()
    expect(compose).toMatch(new RegExp(`TRUSTED_PROXIES: ${nginxAddress.replace(/\./g, '\\.')}\\n`))
  })

  it('gives every app process the secrets they must share', () => {
    for (const name of ['BETTER_AUTH_SECRET', 'AUDIT_SIGNING_KEY', 'DATA_ENCRYPTION_KEYS', 'PROVIDER_WEBHOOK_SECRET'])
      expect(compose).toMatch(new RegExp(`${name}: \\$\\{${name}:\\?`))
  })
})

// The container's health check (Dockerfile HEALTHCHECK) and the probe the deployment scripts share:
// GET /api/health/live on this process (PORT, default 3000), falling back to /api/health on servers
// from before the split into live and ready. Exits 0 when it answers 2xx within 3 s, else 1.
// Usage: node deploy/healthcheck.mjs [ready]   ("ready": /api/health/ready instead of live)
const port = process.env.PORT || '3000'
const kind = process.argv[2] === 'ready' ? 'ready' : 'live'
const base = `http://127.0.0.1:${port}`

async function probe(path) {
  const res = await fetch(base + path, { signal: AbortSignal.timeout(3_000) })
  await res.body?.cancel()
  return res.status
}

try {
  let status = await probe(`/api/health/${kind}`)
  if (status === 404) status = await probe('/api/health')
  process.exit(status >= 200 && status < 300 ? 0 : 1)
} catch {
  process.exit(1)
}

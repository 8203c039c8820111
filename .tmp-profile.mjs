import { chromium } from '@playwright/test'
const url = process.argv[2]
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage()
const cdp = await page.context().newCDPSession(page)
await cdp.send('Profiler.enable')
await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
await cdp.send('Profiler.start')
await page.goto(url, { waitUntil: 'load' })
await page.waitForTimeout(3000)
const { profile } = await cdp.send('Profiler.stop')
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const self = new Map()
const dt = profile.timeDeltas
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i]); const f = n.callFrame
  const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0))
}
const total = [...self.values()].reduce((a, b) => a + b, 0)
console.log('total ms', Math.round(total / 1000))
for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 35)) console.log(String(Math.round(v / 1000)).padStart(6), k)
await browser.close()
// callers of a hot function
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const target = process.argv[3] ?? 'appendChild'
const chains = new Map()
for (let i = 0; i < profile.samples.length; i++) {
  let id = profile.samples[i]; const n = byId.get(id); if (n.callFrame.functionName !== target) continue
  const chain = []; let p = parent.get(id); while (p && chain.length < 8) { const f = byId.get(p).callFrame; chain.push(`${f.functionName || 'anon'}@${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`); p = parent.get(p) }
  const k = chain.join(' < '); chains.set(k, (chains.get(k) ?? 0) + (dt[i] ?? 0))
}
for (const [k, v] of [...chains.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(Math.round(v / 1000), k)

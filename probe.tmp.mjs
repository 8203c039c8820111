import { chromium } from '@playwright/test'
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] })
const p = await b.newPage()
p.on('console', m => console.log('console', m.type(), m.text()))
p.on('pageerror', e => console.log('pageerror', e.message))
await p.goto('http://127.0.0.1:3602/sellers')
const button = p.getByRole('button', { name: 'For Professionals' })
await button.click()
for (let i = 0; i < 10; i++) {
  await p.waitForTimeout(300)
  console.log(i, await button.getAttribute('aria-expanded'), await p.evaluate(() => [document.documentElement.dataset.live, document.documentElement.dataset.intent, document.getElementById('root').dataset.hydrate].join('|')))
}
await b.close()

/**
 * The public site, reachable without signing in: landing page, demo timeline, header and drawer,
 * redirects, static pages, help, legal pages, 404, titles and descriptions.
 */
import { expect, test, type Page } from '@playwright/test'
import { PUBLIC_PAGES, watchConsole } from './public-helpers'

const FOOTER_LINKS = [
  '/buyers',
  '/sellers',
  '/professionals/conveyancers',
  '/professionals/surveyors',
  '/professionals/brokers',
  '/professionals/agents',
  '/help',
  '/marketplace',
  '/privacy',
  '/terms',
  '/cookies',
]

async function expectFooter(page: Page) {
  const footer = page.locator('footer')
  for (const href of FOOTER_LINKS) await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1)
  await expect(footer).toContainText('Registered in the UK. All rights reserved')
  await expect(footer).toContainText('is a wholly owned subsidiary of')
}

test.describe('landing page', () => {
  test('texts, links and sections of the landing page', async ({ page }) => {
    const console = watchConsole(page)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your whole home move, on one shared timeline')

    // Top navigation: anchors for buyers, sellers and professionals; Sign In and Get Started to /app.
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'For Buyers' })).toHaveAttribute('href', '#buyers')
    await expect(nav.getByRole('link', { name: 'For Sellers' })).toHaveAttribute('href', '#sellers')
    await expect(nav.getByRole('link', { name: 'For Professionals' })).toHaveAttribute('href', '#professionals')
    const header = page.locator('header').first()
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/app')
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/app')
    for (const id of ['buyers', 'sellers', 'professionals', 'timeline-demo']) {
      await expect(page.locator(`#${id}`)).toHaveCount(1)
    }

    // Hero.
    await expect(page.getByRole('link', { name: 'Start your move' }).first()).toHaveAttribute('href', '/auth')
    await expect(page.getByRole('link', { name: "I'm a professional" })).toHaveAttribute('href', '/auth')

    // Problem statement, benefits, calls to action, explainer, social proof.
    await expect(page.getByRole('heading', { name: /Moving home is slow/ })).toBeVisible()
    for (const title of ['Transparency', 'Fewer Emails', 'Faster Completion', 'Safer Payments']) {
      await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible()
    }
    for (const link of await page.getByRole('link', { name: 'Get started free' }).all()) {
      await expect(link).toHaveAttribute('href', '/auth')
    }
    await expect(page.getByRole('link', { name: 'Get started free' })).toHaveCount(2)
    await expect(page.getByRole('link', { name: 'Join as a verified professional' })).toHaveAttribute('href', '/auth')
    const steps = page.locator('#how-it-works ol > li')
    await expect(steps).toHaveCount(3)
    await expect(steps.nth(0)).toContainText('Create your deal room')
    await expect(steps.nth(1)).toContainText('Follow the timeline')
    await expect(steps.nth(2)).toContainText('Complete with confidence')
    const proof = page.locator('#social-proof')
    await expect(proof).toContainText('Deals close up to 40% faster')
    await expect(proof).toContainText('180+')
    await expect(proof).toContainText('accredited conveyancers')
    await expect(proof).toContainText('92%')
    await expect(proof).toContainText('of users say stress was reduced')
    await expect(proof.locator('figure')).toHaveCount(2)
    await expect(proof).toContainText('Licensed conveyancer')
    await expect(proof).toContainText('First-time buyer')
    await expect(page.getByRole('heading', { name: 'Ready to move without the chasing?' })).toBeVisible()

    await expectFooter(page)
    console.check()
  })

  test('the landing page anchors scroll to their sections', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'For Sellers' }).click()
    await expect(page).toHaveURL(/\/#sellers$/)
    await expect(page.locator('#sellers')).toBeInViewport()
  })

  test('/ downloads no router or signed-in app code; other pages never download the signed-in app', async ({
    page,
  }) => {
    const scripts: string[] = []
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname)
    })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(scripts.some((s) => /app-entry/.test(s))).toBe(false)
    for (const path of ['/buyers', '/help', '/marketplace']) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
    }
    expect(scripts.filter((s) => /\/(app-auth|app-home|app-transaction|app-invite)-/.test(s))).toEqual([])
  })
})

test.describe('demo timeline', () => {
  const progressbar = (page: Page) => page.locator('#timeline-demo').getByRole('progressbar')
  const value = async (page: Page) => Number(await progressbar(page).getAttribute('aria-valuenow'))
  const highlighted = (page: Page) => page.locator('#timeline-demo li[aria-current="step"]')

  test('milestones, badges, progress 0..65 on a 50 ms tick then reset, highlight every 2 s', async ({ page }) => {
    await page.clock.install({ time: new Date('2025-03-03T10:00:00Z') })
    await page.goto('/')
    await page.clock.pauseAt(new Date('2025-03-03T10:00:05Z'))

    const items = page.locator('#timeline-demo ol > li')
    await expect(items).toHaveText([
      /Offer accepted.*Complete/,
      /Searches ordered.*Complete/,
      /Mortgage approved.*Complete/,
      /Survey complete.*In progress/,
      /Contracts signed.*In progress/,
      /Completion in 3 days/,
    ])
    await expect(items.nth(5)).not.toContainText('Complete')
    await expect(items.nth(5)).not.toContainText('In progress')
    await expect(progressbar(page)).toHaveAttribute('aria-valuemax', '100')
    await expect(progressbar(page)).toHaveAccessibleName('Overall progress')

    // Paused: nothing moves, read again and again across six of its 50 ms ticks of real time (a claim
    // that nothing happens needs time to pass; this watches it pass rather than sleeping through it).
    const before = await value(page)
    for (const watchUntil = Date.now() + 300; Date.now() < watchUntil;) expect(await value(page)).toBe(before)

    // Run up to 65, one step per 50 ms.
    for (let guard = 0; (await value(page)) !== 65 && guard < 70; guard++) await page.clock.runFor(50)
    expect(await value(page)).toBe(65)
    await page.clock.runFor(50)
    await expect(progressbar(page)).toHaveAttribute('aria-valuenow', '0')
    await page.clock.runFor(50)
    await expect(progressbar(page)).toHaveAttribute('aria-valuenow', '1')
    await page.clock.runFor(50 * 64)
    await expect(progressbar(page)).toHaveAttribute('aria-valuenow', '65')

    // Exactly one milestone highlighted; it moves on every 2 seconds and wraps round.
    await expect(highlighted(page)).toHaveCount(1)
    const names = ['Offer accepted', 'Searches ordered', 'Mortgage approved', 'Survey complete', 'Contracts signed']
    const start = await highlighted(page).locator('p').first().textContent()
    const order = [...names, 'Completion in 3 days']
    let index = order.indexOf(start ?? '')
    expect(index).toBeGreaterThanOrEqual(0)
    for (let i = 0; i < 7; i++) {
      await page.clock.runFor(2000)
      index = (index + 1) % 6
      await expect(highlighted(page).locator('p').first()).toHaveText(order[index])
    }
  })

  test('under prefers-reduced-motion nothing animates', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' })
    const page = await context.newPage()
    await page.clock.install({ time: new Date('2025-03-03T10:00:00Z') })
    await page.goto('/')
    await expect(progressbar(page)).toHaveAttribute('aria-valuenow', '65')
    await expect(highlighted(page)).toContainText('Survey complete')
    await page.clock.runFor(6000)
    await expect(progressbar(page)).toHaveAttribute('aria-valuenow', '65')
    await expect(highlighted(page)).toContainText('Survey complete')
    await context.close()
  })
})

test.describe('public header', () => {
  test('links, Sign In and the call to action on consumer pages', async ({ page }) => {
    await page.goto('/buyers')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(page.getByRole('banner').getByRole('link', { name: 'Homeward' })).toHaveAttribute('href', '/')
    await expect(nav.getByRole('link', { name: 'For Buyers' })).toHaveAttribute('href', '/buyers')
    await expect(nav.getByRole('link', { name: 'For Buyers' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'For Sellers' })).toHaveAttribute('href', '/sellers')
    await expect(nav.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help')
    await expect(nav.getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', '/marketplace')
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth')
    await expect(banner.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth')
  })

  test("'For Professionals' is a menu of the four professional pages; Escape closes it", async ({ page }) => {
    await page.goto('/sellers')
    const button = page.getByRole('button', { name: 'For Professionals' })
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`)
    await expect(menu.getByRole('link')).toHaveCount(4)
    for (const href of [
      '/professionals/conveyancers',
      '/professionals/surveyors',
      '/professionals/brokers',
      '/professionals/agents',
    ]) {
      await expect(menu.locator(`a[href="${href}"]`)).toBeVisible()
    }
    await menu.getByRole('link').first().focus()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(button).toBeFocused()
    await button.click()
    await menu.getByRole('link', { name: /Surveyors/ }).click()
    await expect(page).toHaveURL('/professionals/surveyors')
    await expect(menu).toBeHidden()
  })

  test("professional pages say 'Join as a Pro'", async ({ page }) => {
    for (const slug of ['conveyancers', 'surveyors', 'brokers', 'agents']) {
      await page.goto(`/professionals/${slug}`)
      const banner = page.getByRole('banner')
      await expect(banner.getByRole('link', { name: 'Join as a Pro' })).toHaveAttribute('href', '/auth')
      await expect(banner.getByRole('link', { name: 'Get Started' })).toHaveCount(0)
      await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth')
    }
  })

  test('Sign In is hidden on help, privacy, terms and cookies', async ({ page }) => {
    for (const path of ['/help', '/privacy', '/terms', '/cookies']) {
      await page.goto(path)
      const banner = page.getByRole('banner')
      await expect(banner.getByRole('link', { name: 'Get Started' })).toBeVisible()
      await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
    }
  })
})

test.describe('mobile drawer at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  for (const path of ['/', '/buyers']) {
    test(`on ${path}: 'Open menu' opens a dialog that traps focus, Escape closes it and focus returns`, async ({
      page,
    }) => {
      await page.goto(path)
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
      const open = page.getByRole('button', { name: 'Open menu' })
      await open.click()
      const dialog = page.getByRole('dialog', { name: 'Menu' })
      await expect(dialog).toBeVisible()
      await expect(dialog.getByRole('link', { name: 'For Buyers' })).toBeVisible()
      await expect(dialog.getByRole('link', { name: 'For Sellers' })).toBeVisible()

      const focusInside = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))
      await expect.poll(focusInside).toBe(true)
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press('Tab')
        expect(await focusInside()).toBe(true)
      }
      await page.keyboard.press('Shift+Tab')
      expect(await focusInside()).toBe(true)

      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(open).toBeFocused()
    })
  }

  test('the public drawer lists every header link and closes on navigation', async ({ page }) => {
    await page.goto('/buyers')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const dialog = page.getByRole('dialog', { name: 'Menu' })
    for (const [name, href] of [
      ['For Buyers', '/buyers'],
      ['For Sellers', '/sellers'],
      ['Conveyancers', '/professionals/conveyancers'],
      ['Surveyors', '/professionals/surveyors'],
      ['Mortgage Brokers', '/professionals/brokers'],
      ['Estate Agents', '/professionals/agents'],
      ['Help', '/help'],
      ['Marketplace', '/marketplace'],
      ['Sign In', '/auth'],
      ['Get Started', '/auth'],
    ]) {
      await expect(dialog.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await dialog.getByRole('link', { name: 'For Sellers' }).click()
    await expect(page).toHaveURL('/sellers')
    await expect(dialog).toBeHidden()
  })
})

test.describe('redirects of the old professional links', () => {
  for (const slug of ['conveyancers', 'surveyors', 'brokers', 'agents']) {
    test(`/${slug} goes to /professionals/${slug}`, async ({ page }) => {
      await page.goto(`/${slug}`)
      await expect(page).toHaveURL(`/professionals/${slug}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    })
  }

  test('no link on any public page points at a bare /conveyancers', async ({ page }) => {
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(
        page.locator('a[href="/conveyancers"], a[href="/surveyors"], a[href="/brokers"], a[href="/agents"]'),
      ).toHaveCount(0)
    }
  })
})

test.describe('static pages', () => {
  test('/buyers', async ({ page }) => {
    await page.goto('/buyers')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buying a home, finally transparent.')
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Start Your Purchase' }).first()).toHaveAttribute('href', '/auth')
    await expect(main.getByRole('link', { name: 'Find Professionals' }).first()).toHaveAttribute('href', '/marketplace')
    await expect(main.locator('section').nth(1).locator('li')).toHaveCount(4)
    await expect(main.getByRole('heading', { name: 'What you get' })).toBeVisible()
    await expect(main.getByRole('heading', { name: 'Start your purchase today' })).toBeVisible()
    await main.getByRole('link', { name: 'Find Professionals' }).first().click()
    await expect(page).toHaveURL('/marketplace')
  })

  test('/sellers', async ({ page }) => {
    await page.goto('/sellers')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Selling a home, finally stress-free.')
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Start Your Sale' }).first()).toHaveAttribute('href', '/auth')
    await expect(main.getByRole('link', { name: 'Find Your Conveyancer' }).first()).toHaveAttribute(
      'href',
      '/marketplace?type=law',
    )
    for (const text of ['TA6', 'TA10', 'Title check', 'EPC', 'Logbook handover']) await expect(main).toContainText(text)
  })

  test('/professionals/conveyancers states the Silver, Gold and Platinum thresholds', async ({ page }) => {
    await page.goto('/professionals/conveyancers')
    const tiers = page.locator('#accreditation')
    await expect(tiers.getByRole('heading', { name: 'Accreditation tiers' })).toBeVisible()
    const silver = tiers.locator('li[data-tier="silver"]')
    for (const t of ['Onboarding complete', 'Academy Lite access', '3+ live cases', 'more than 70%']) {
      await expect(silver).toContainText(t)
    }
    const gold = tiers.locator('li[data-tier="gold"]')
    for (const t of ['25+ completed cases', 'at most 70 days', 'at most 12%', 'at least 4.4/5']) {
      await expect(gold).toContainText(t)
    }
    const platinum = tiers.locator('li[data-tier="platinum"]')
    for (const t of ['100+ completed cases', 'at most 55 days', 'at most 8%', 'at least 4.6/5', 'at least 98%']) {
      await expect(platinum).toContainText(t)
    }
  })

  for (const slug of ['conveyancers', 'surveyors', 'brokers', 'agents']) {
    test(`/professionals/${slug}: hero, four benefit cards, call to action to /auth`, async ({ page }) => {
      await page.goto(`/professionals/${slug}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const main = page.getByRole('main')
      await expect(main.locator('section').nth(1).locator('ul > li')).toHaveCount(4)
      await expect(main.getByRole('link', { name: 'Join as a verified professional' })).toHaveAttribute('href', '/auth')
      await expect(main.getByRole('link', { name: 'Join as a Pro' })).toHaveAttribute('href', '/auth')
    })
  }

  for (const path of ['/privacy', '/terms', '/cookies']) {
    test(`${path}: dated January 2025, laws of England and Wales, contact address`, async ({ page }) => {
      await page.goto(path)
      const main = page.getByRole('main')
      await expect(main).toContainText('Last updated: January 2025')
      await expect(main).toContainText('laws of England and Wales')
      await expect(main.locator('a[href^="mailto:"]').first()).toBeVisible()
      // The contents list jumps to its sections.
      const first = main.getByRole('navigation', { name: 'Contents' }).getByRole('link').first()
      const target = (await first.getAttribute('href'))!
      await first.click()
      await expect(page.locator(target)).toBeInViewport()
    })
  }
})

test.describe('help', () => {
  test('Knowledge Base jumps to the FAQs; five FAQs in an accordion', async ({ page }) => {
    await page.goto('/help')
    await page.getByRole('link', { name: 'Browse the FAQs' }).click()
    await expect(page).toHaveURL(/\/help#faqs$/)
    await expect(page.locator('#faqs')).toBeInViewport()

    const questions = page.locator('#faqs').getByRole('button')
    await expect(questions).toHaveText([
      'How does Homeward work?',
      'How much does it cost?',
      'How do I invite my conveyancer?',
      'Is my data secure?',
      'Can professionals use Homeward?',
    ])
    const invite = page.getByRole('button', { name: 'How do I invite my conveyancer?' })
    await expect(invite).toHaveAttribute('aria-expanded', 'false')
    await invite.click()
    await expect(invite).toHaveAttribute('aria-expanded', 'true')
    const answer = page.getByRole('region', { name: 'How do I invite my conveyancer?' })
    await expect(answer).toContainText('marketplace')
    await expect(answer).toContainText('invite link')
    await expect(answer.getByRole('link', { name: 'marketplace' })).toHaveAttribute('href', '/marketplace')
    // Keyboard: the next question opens with Enter.
    await page.getByRole('button', { name: 'Is my data secure?' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('region', { name: 'Is my data secure?' })).toBeVisible()
  })

  test('Email Support opens a mailto to support with the 24-hour promise', async ({ page }) => {
    await page.goto('/help')
    const link = page.getByRole('link', { name: 'Email support' })
    await expect(link).toHaveAttribute('href', /^mailto:support@homeward\.co\.uk\?subject=/)
    await expect(page.getByRole('main')).toContainText('We reply within 24 hours')
  })

  test('Live Chat shows the hours and is open on a weekday morning in UK time (BST)', async ({ page }) => {
    // Wednesday 16 July 2025, 08:30 UTC = 09:30 in London.
    await page.clock.setFixedTime(new Date('2025-07-16T08:30:00Z'))
    await page.goto('/help')
    await expect(page.getByRole('main')).toContainText('Monday to Friday 9am-5pm GMT')
    // The status is the visitor's clock's answer: it shows once the page is live (the first sign of use).
    await expect(page.getByTestId('support-status')).toHaveText('')
    await page.keyboard.press('Shift')
    await expect(page.getByTestId('support-status')).toHaveText('Open now')
  })

  test('Live Chat is closed at the weekend and says when it opens', async ({ page }) => {
    // Saturday 18 January 2025, midday.
    await page.clock.setFixedTime(new Date('2025-01-18T12:00:00Z'))
    await page.goto('/help')
    await page.keyboard.press('Shift')
    await expect(page.getByTestId('support-status')).toContainText('Closed now')
    await expect(page.getByTestId('support-status')).toContainText('Opens Monday at 9am')
  })
})

test.describe('404', () => {
  test('unknown routes show the 404 page and log the path with console.error', async ({ page }) => {
    const console = watchConsole(page)
    await page.goto('/no-such-page/here')
    await expect(page.getByText('404', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Oops! Page not found')
    const home = page.getByRole('link', { name: 'Return to Home' })
    await expect(home).toHaveAttribute('href', '/')
    // Logged once the server-rendered page is live (hydration yields to the browser, so it may be later).
    await expect.poll(() => console.errors.some((e) => e.includes('/no-such-page/here'))).toBe(true)
    // The browser also logs the 404 status the server answers for an unknown path.
    console.check([/\/no-such-page\/here/, /status of 404/])
    await home.click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your whole home move, on one shared timeline')
  })
})

test('every public page has its own title and meta description', async ({ page }) => {
  const seen = new Map<string, string>()
  const descriptions = new Set<string>()
  for (const { path, h1 } of PUBLIC_PAGES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
    const title = await page.title()
    const description = await page.locator('meta[name="description"]').getAttribute('content')
    expect(title, path).toMatch(/Homeward/)
    expect(description?.length ?? 0, path).toBeGreaterThan(50)
    expect(seen.has(title), `${path} repeats the title of ${seen.get(title)}`).toBe(false)
    expect(descriptions.has(description!), `${path} repeats a description`).toBe(false)
    expect(await page.locator('meta[name="description"]').count()).toBe(1)
    seen.set(title, path)
    descriptions.add(description!)
  }
})

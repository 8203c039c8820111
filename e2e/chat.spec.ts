/**
 * Chat, live updates and notifications in the browser: in two browser
 * contexts open at once and never reloaded, the buyer mentions the conveyancer with the @ list; the
 * conveyancer, on Overview, sees the Chat tab's unread badge, the bell's count and the notification
 * arrive live, reads and replies; the reply reaches the buyer live; a task ticked by the conveyancer
 * updates the buyer's timeline live. Also: edit and delete within the window, empty and too-long
 * messages refused in the composer, history loading on scroll without jumps, an XSS corpus rendered
 * inert (no script runs), and screenshots plus axe of the Chat tab, bell and email settings at 1280
 * and 390 px. Every test makes its own people and move; the seeded demo move is never touched.
 */
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, move, person, type Person } from './app-helpers'

const SHOTS = 'test-results/screens'
// Refused requests are logged by the browser as console errors; they are not faults of the page.
const ALLOWED_CONSOLE = [/status of 40[0-9]/]
// The live path crosses an event stream and a refetch on a shared 2-core machine.
const LIVE = { timeout: 15_000 }

/** The buyer's new move in Chat Lane with each of `others` joined (see `move`), and its General thread. */
async function chatMove(buyer: Person, others: Parameters<typeof move>[1]) {
  const address = `${Math.floor(Math.random() * 200) + 1} Chat Lane`
  const created = await move(buyer, others, { address, town: 'St Albans', postcode: 'AL1 3HD', agreed_price: 415000 })
  const { threads } = (await (await buyer.request.get(`/api/transactions/${created.txId}/threads`)).json()) as {
    threads: { id: string; title: string }[]
  }
  const general = threads.find((t) => t.title === 'General')!
  expect(general).toBeTruthy()
  return { ...created, address, generalId: general.id }
}

async function post(who: Person, txId: string, threadId: string, body_md: string, mentions: string[] = []) {
  const res = await who.request.post(`/api/transactions/${txId}/threads/${threadId}/messages`, {
    data: { body_md, mentions },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { id: string }
}

async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `${SHOTS}/chat-${name}-${page.viewportSize()!.width}.png`, fullPage })
}

const messages = (page: Page) => page.getByRole('region', { name: 'Messages' })
const composer = (page: Page, thread = 'General') => page.getByRole('textbox', { name: `Message ${thread}` })
const bell = (page: Page) => page.getByTestId('notification-bell')
const chatBadge = (page: Page) => page.getByTestId('chat-unread-badge')
const toast = (page: Page) => page.locator('[data-sonner-toast]')

function stage(page: Page, name: string) {
  return page.getByTestId('stage-card').filter({ has: page.getByRole('heading', { name, exact: true }) })
}

/** Marks the window; `expectNoReload` fails if the page has been reloaded or navigated away since. */
async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameWindow: boolean }).__sameWindow = true))
}
async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameWindow?: boolean }).__sameWindow)).toBe(true)
}

test("the buyer mentions the conveyancer, who sees it live, replies live, and ticks the buyer's timeline live", async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const buyer = await person(browser, 'Hannah Okafor', 'buyer')
  const conveyancer = await person(browser, 'Jo Marsh', 'conveyancer')
  const seller = await person(browser, 'Graham Pike', 'seller')
  const { path, address } = await chatMove(buyer, [
    { who: seller, role: 'seller' },
    { who: conveyancer, role: 'buyer_conveyancer' },
  ])
  const c = conveyancer.page
  const b = buyer.page

  // The conveyancer waits on Overview; their unread count before anything happens, from the API.
  const before = (await (await conveyancer.request.get('/api/notifications')).json()) as { unread_count: number }
  await c.goto(path)
  await expect(c.getByRole('heading', { level: 1, name: address })).toBeVisible()
  await expect(c.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live', LIVE)
  await expect(bell(c)).toHaveAttribute(
    'aria-label',
    `Notifications, ${before.unread_count === 0 ? 'none' : before.unread_count} unread`,
  )
  await expect(chatBadge(c)).toHaveCount(0)
  await markWindow(c)

  // The buyer opens Chat: 'General' opens beside the thread list.
  await b.goto(path)
  await expect(b.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live', LIVE)
  await b.getByRole('tab', { name: 'Chat' }).click()
  await expect(b).toHaveURL(/\?tab=chat/)
  await expect(b.getByRole('heading', { level: 3, name: 'General' })).toBeVisible()
  await expect(messages(b).getByText('No messages yet. Say hello below.')).toBeVisible()
  await markWindow(b)

  // Writes the question, then '@' and picks the conveyancer from the list with the keyboard.
  const box = composer(b)
  await box.click()
  await box.pressSequentially('Could you confirm the searches are ordered? ')
  await box.press('@')
  const list = b.getByRole('listbox', { name: 'People to mention' })
  await expect(list).toBeVisible()
  await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!)
  // Everyone on the move but the buyer: the seller and the conveyancer.
  await expect(list.getByRole('option')).toHaveCount(2)
  await expect(list.getByRole('option', { name: buyer.name })).toHaveCount(0)
  const target = list.getByRole('option', { name: conveyancer.name })
  for (let i = 0; i < 2 && (await target.getAttribute('aria-selected')) !== 'true'; i++) await box.press('ArrowDown')
  await expect(target).toHaveAttribute('aria-selected', 'true')
  await expect(box).toHaveAttribute('aria-activedescendant', (await target.getAttribute('id'))!)
  await box.press('Enter')
  await expect(list).toBeHidden()
  await expect(box).toHaveValue(`Could you confirm the searches are ordered? @${conveyancer.name} `)
  // The conveyancer's toast shows for 4 s only (the toast duration): watch for it from before the send, so a slow
  // machine cannot let it come and go while the badge and bell are being checked.
  const toastSeen = expect(
    toast(c)
      .filter({ hasText: `${buyer.name} mentioned you in General` })
      .first(),
  ).toBeVisible(LIVE)
  await box.press('Enter')
  await expect(box).toHaveValue('')
  const question = messages(b).getByRole('article').filter({ hasText: 'Could you confirm the searches are ordered?' })
  await expect(question).toBeVisible()
  await expect(question.locator('mark.mention')).toHaveText(`@${conveyancer.name}`)

  // The conveyancer, still on Overview: the Chat tab's badge, the bell's count, the toast and Recent Activity, live.
  await expect(chatBadge(c)).toHaveText(/^1\s*unread$/, LIVE)
  await expect(bell(c)).toHaveAttribute('aria-label', `Notifications, ${before.unread_count + 1} unread`, LIVE)
  await toastSeen
  await expect(c.getByTestId('recent-activity')).toContainText(
    `${buyer.name} wrote: “Could you confirm the searches are ordered?`,
    LIVE,
  )
  await bell(c).click()
  const popover = c.getByRole('dialog', { name: 'Notifications' })
  const notification = popover.getByRole('link', { name: new RegExp(`${buyer.name} mentioned you in General`) })
  await expect(notification).toBeVisible()
  await expect(notification).toContainText('(unread)')
  await expect(notification).toContainText('Could you confirm the searches are ordered?')
  await c.keyboard.press('Escape')
  await expect(popover).toBeHidden()

  // Opens Chat without reloading: the message is there, the thread is read and the badge goes.
  await c.getByRole('tab', { name: 'Chat' }).click()
  await expect(messages(c).getByText('Could you confirm the searches are ordered?')).toBeVisible()
  await expect(
    messages(c)
      .getByRole('article', { name: new RegExp(`^${buyer.name},`) })
      .locator('mark.mention'),
  ).toHaveText(`@${conveyancer.name}`)
  await expect(chatBadge(c)).toHaveCount(0, LIVE)
  await composer(c).fill('Yes, all three searches went off this morning; results in about ten days.')
  await composer(c).press('Enter')
  await expect(messages(c).getByText('Yes, all three searches went off this morning')).toBeVisible()

  // The reply reaches the buyer's open thread live, under the conveyancer's name.
  const reply = messages(b).getByRole('article', { name: new RegExp(`^${conveyancer.name},`) })
  await expect(reply).toContainText('Yes, all three searches went off this morning', LIVE)
  await expect(messages(b).getByRole('article')).toHaveCount(2)

  // The buyer watches the Timeline; the conveyancer ticks a search ordered there (the ID and AML task
  // ticks itself from an approved CDD record, features/verification).
  await b.getByRole('tab', { name: 'Timeline' }).click()
  const buyerStage = stage(b, 'Searches')
  await expect(buyerStage.getByText('0 of 5 tasks complete')).toBeVisible()
  await expect(buyerStage.getByTestId('stage-percent')).toHaveText('0%')
  const overallBefore = await b.getByTestId('header-overall-progress').textContent()

  await c.getByRole('tab', { name: 'Timeline' }).click()
  const search = stage(c, 'Searches').getByRole('checkbox', { name: /Local authority search/ })
  await search.check()
  await expect(search).toBeChecked()
  await expect(stage(c, 'Searches').getByText('1 of 5 tasks complete')).toBeVisible()

  const searchRow = buyerStage.getByTestId('task-row').filter({ hasText: 'Local authority search' })
  await expect(searchRow).toHaveAttribute('data-done', 'true', LIVE)
  await expect(searchRow).toContainText('(done)')
  await expect(searchRow).toContainText(`Ticked by ${conveyancer.name}`)
  await expect(buyerStage.getByText('1 of 5 tasks complete')).toBeVisible()
  await expect(buyerStage.getByTestId('stage-percent')).toHaveText('20%')
  await expect(b.getByTestId('header-overall-progress')).not.toHaveText(overallBefore!)

  // Neither window was reloaded along the way.
  await expectNoReload(b)
  await expectNoReload(c)
  for (const p of [buyer, conveyancer, seller]) {
    p.console.check(ALLOWED_CONSOLE)
    await p.close()
  }
})

test('the composer refuses empty and too-long messages; own messages can be edited and deleted', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const buyer = await person(browser, 'Wes Writer', 'buyer')
  const { path } = await chatMove(buyer, [])
  const page = buyer.page
  await page.goto(`${path}?tab=chat`)
  const box = composer(page)
  const form = page.getByRole('form', { name: 'Send a message' })
  const error = form.getByRole('alert')

  await form.getByRole('button', { name: 'Send' }).click()
  await expect(error).toHaveText('Write a message: it cannot be empty')
  await expect(box).toHaveAttribute('aria-invalid', 'true')
  await expect(box).toBeFocused()

  await box.fill('   \n\t  ')
  await expect(error).toBeHidden()
  await box.press('Enter')
  await expect(error).toHaveText('Write a message: it cannot be empty')
  await expect(messages(page).getByRole('article')).toHaveCount(0)

  await box.fill('x'.repeat(10_001))
  await expect(form.getByText('10,001 / 10,000')).toBeVisible()
  await expect(box).toHaveAttribute('aria-invalid', 'true')
  await form.getByRole('button', { name: 'Send' }).click()
  await expect(error).toHaveText('A message can be at most 10,000 characters')
  await expect(messages(page).getByRole('article')).toHaveCount(0)
  await shot(page, 'too-long')
  // Exactly at the limit is fine again.
  await box.press('Backspace')
  await expect(form.getByText('10,000 / 10,000')).toBeVisible()
  await expect(error).toBeHidden()

  await box.fill('The survey is booked for Tuesdy.')
  await box.press('Enter')
  const mine = messages(page).getByRole('article', { name: /^You,/ })
  await expect(mine).toContainText('The survey is booked for Tuesdy.')
  await expect(box).toHaveValue('')

  await mine.getByRole('button', { name: 'Edit your message' }).click()
  const edit = mine.getByLabel('Edit your message')
  await expect(edit).toBeFocused()
  await edit.fill('   ')
  await edit.press('Enter')
  await expect(mine.getByRole('alert')).toHaveText('Write a message: it cannot be empty')
  await edit.fill('The survey is booked for Tuesday at 10:00.')
  await edit.press('Enter')
  await expect(mine).toContainText('The survey is booked for Tuesday at 10:00.')
  await expect(mine).toContainText('(edited)')
  await expect(mine).not.toContainText('Tuesdy')

  await mine.getByRole('button', { name: 'Delete your message' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this message?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(mine).toContainText('Tuesday at 10:00')
  await mine.getByRole('button', { name: 'Delete your message' }).click()
  await confirm.getByRole('button', { name: 'Delete message' }).click()
  await expect(confirm).toBeHidden()
  await expect(mine).toContainText('This message was deleted')
  await expect(mine).not.toContainText('Tuesday')
  await expect(mine).not.toContainText('(edited)')
  await expect(mine.getByRole('button', { name: /your message/ })).toHaveCount(0)

  buyer.console.check(ALLOWED_CONSOLE)
  await buyer.close()
})

test('history loads when scrolling up, and a new message does not move the reader', async ({ browser }) => {
  test.setTimeout(150_000)
  const buyer = await person(browser, 'Rita Reader', 'buyer')
  const conveyancer = await person(browser, 'Carl Counsel', 'conveyancer')
  const { txId, path } = await chatMove(buyer, [{ who: conveyancer, role: 'buyer_conveyancer' }])

  // A thread with 36 messages: more than one page (30).
  const label = (n: number) => `History message ${String(n).padStart(2, '0')}`
  const created = await buyer.request.post(`/api/transactions/${txId}/threads`, {
    data: { title: 'Search results', topic: 'other', body_md: label(1) },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { thread } = (await created.json()) as { thread: { id: string } }
  for (let n = 2; n <= 36; n++) await post(n % 2 ? buyer : conveyancer, txId, thread.id, label(n))

  const page = buyer.page
  await page.goto(`${path}?tab=chat&thread=${thread.id}`)
  const list = messages(page)
  await expect(list.getByText(label(36))).toBeInViewport()
  await expect(list.getByRole('article')).toHaveCount(30)
  await expect(list.getByText(label(1), { exact: true })).toHaveCount(0)
  await markWindow(page)

  // Scrolling to the top loads the older page, keeping the reader's place.
  await list.evaluate((el) => el.scrollTo({ top: 0 }))
  await expect(list.getByRole('article')).toHaveCount(36)
  await expect(list.getByText(label(7), { exact: true })).toBeInViewport()
  await list.evaluate((el) => el.scrollTo({ top: 0 }))
  await expect(list.getByText(label(1), { exact: true })).toBeInViewport()
  await expect(list.getByText('Start of the conversation')).toBeVisible()

  // Reading old messages: someone else's new one does not jump the view; a pill offers it.
  await post(conveyancer, txId, thread.id, 'A brand new message while you read')
  await expect(page.getByRole('button', { name: '1 new message' })).toBeVisible(LIVE)
  await expect(list.getByText(label(1), { exact: true })).toBeInViewport()
  await page.getByRole('button', { name: '1 new message' }).click()
  await expect(list.getByText('A brand new message while you read')).toBeInViewport()
  await expect(page.getByRole('button', { name: '1 new message' })).toBeHidden()
  await expectNoReload(page)

  for (const p of [buyer, conveyancer]) {
    p.console.check(ALLOWED_CONSOLE)
    await p.close()
  }
})

test('an XSS corpus in message bodies renders inert: no script runs, no unsafe link or element', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const buyer = await person(browser, 'Xavier Safe', 'buyer')
  const conveyancer = await person(browser, 'Cora Counsel', 'conveyancer')
  const { txId, path, generalId } = await chatMove(buyer, [{ who: conveyancer, role: 'buyer_conveyancer' }])
  const page = conveyancer.page

  // Any script that runs flips the flag; dialogs are recorded too.
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: boolean }
    w.__xss = false
    const trap = () => {
      w.__xss = true
    }
    window.alert = trap
    window.confirm = () => (trap(), false)
    window.prompt = () => (trap(), null)
  })
  const dialogs: string[] = []
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })

  const corpus = [
    '[click](javascript:alert(1))',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<script>alert(1)</script>',
    '[tab](java\tscript:alert(1)) and ![pic](javascript:alert(1)) and <a href="javascript:alert(1)">raw</a>',
    '<iframe src="javascript:alert(1)"></iframe> <object data="data:text/html,x"></object>',
    `A mention of @${conveyancer.name} with <img src=x onerror=alert(1)>`,
  ]
  for (const body of corpus) await post(buyer, txId, generalId, body, body.includes('@') ? [conveyancer.id] : [])
  await post(
    buyer,
    txId,
    generalId,
    'Safe: [Land Registry](https://www.gov.uk/government/organisations/land-registry), <http://example.com/plain> and [email us](mailto:team@homeward.example)',
  )

  await page.goto(`${path}?tab=chat`)
  const list = messages(page)
  await expect(list.getByRole('article')).toHaveCount(corpus.length + 1)
  // Raw HTML shows as the text that was typed.
  await expect(list.getByText('<script>alert(1)</script>', { exact: true })).toBeVisible()
  await expect(list.getByText('<img src=x onerror=alert(1)>', { exact: true })).toBeVisible()
  await expect(list.getByText('<svg onload=alert(1)>', { exact: true })).toBeVisible()
  // The unsafe link's text is there, without a link.
  await expect(list.getByText('click', { exact: true })).toBeVisible()
  await expect(list.getByRole('link', { name: 'click' })).toHaveCount(0)
  await list.getByText('click', { exact: true }).click()
  await list.getByText('x', { exact: true }).click()

  const dangerous = await list.evaluate((el) => ({
    elements: Array.from(el.querySelectorAll('img, svg:not([aria-hidden="true"]), script, iframe, object, embed')).map(
      (n) => n.outerHTML.slice(0, 80),
    ),
    // Icons are lucide SVGs marked aria-hidden; none may sit inside a message body.
    bodySvgs: Array.from(el.querySelectorAll('article svg')).filter((n) => !n.closest('button')).length,
    handlers: Array.from(el.querySelectorAll('*')).flatMap((n) =>
      Array.from(n.attributes)
        .filter((a) => a.name.startsWith('on'))
        .map((a) => `${n.tagName}[${a.name}]`),
    ),
    links: Array.from(el.querySelectorAll('a')).map((a) => ({ href: a.getAttribute('href') ?? '', rel: a.rel })),
  }))
  expect(dangerous.elements).toEqual([])
  expect(dangerous.bodySvgs).toBe(0)
  expect(dangerous.handlers).toEqual([])
  for (const link of dangerous.links) {
    expect(link.href).toMatch(/^(https?:|mailto:)/i)
    expect(link.rel).toContain('noopener')
  }
  expect(dangerous.links.map((l) => l.href)).toEqual([
    'https://www.gov.uk/government/organisations/land-registry',
    'http://example.com/plain',
    'mailto:team@homeward.example',
  ])
  await expect(list.getByRole('link', { name: 'Land Registry' })).toHaveAttribute('target', '_blank')

  // The bell's copy of the mention shows the body as text too.
  await bell(page).click()
  const popover = page.getByRole('dialog', { name: 'Notifications' })
  await expect(popover.getByRole('link', { name: /mentioned you in General/ })).toContainText(
    '<img src=x onerror=alert(1)>',
  )
  expect(await popover.locator('img, svg:not([aria-hidden="true"]), script').count()).toBe(0)
  await page.keyboard.press('Escape')

  expect(await page.evaluate(() => (window as unknown as { __xss: boolean }).__xss)).toBe(false)
  expect(dialogs).toEqual([])
  for (const p of [buyer, conveyancer]) {
    p.console.check(ALLOWED_CONSOLE)
    await p.close()
  }
})

for (const width of [1280, 390]) {
  test(`Chat tab, bell and email settings at ${width} px: screenshots and axe`, async ({ browser }) => {
    test.setTimeout(150_000)
    const buyer = await person(browser, 'Petra Pixel', 'buyer', { width })
    const conveyancer = await person(browser, 'Simon Solicitor', 'conveyancer', { width })
    const { txId, path, generalId } = await chatMove(buyer, [{ who: conveyancer, role: 'buyer_conveyancer' }])
    await post(conveyancer, txId, generalId, 'Welcome aboard. I will keep this thread up to date.')
    await post(
      buyer,
      txId,
      generalId,
      `Thanks @${conveyancer.name}! A **bold** question: is the [TA6](https://example.com/ta6) back?`,
      [conveyancer.id],
    )
    await post(conveyancer, txId, generalId, 'Not yet; I have chased the seller’s side.\n\n- TA6\n- TA10')
    const second = await conveyancer.request.post(`/api/transactions/${txId}/threads`, {
      data: {
        title: 'Local authority search',
        topic: 'enquiry',
        body_md: `@${buyer.name} the search is ordered.`,
        mentions: [buyer.id],
      },
    })
    expect(second.status()).toBe(201)

    const page = buyer.page
    await page.goto(`${path}?tab=chat`)
    const threadList = page.getByRole('navigation', { name: 'Chat threads' })
    await expect(threadList.getByRole('link')).toHaveCount(2)
    await expect(threadList.getByRole('link', { name: /Local authority search/ })).toContainText('1 unread')
    await expect(chatBadge(page)).toHaveText(/^\d+\s*unread$/)
    if (width >= 768) {
      await expect(messages(page).getByRole('article')).toHaveCount(3)
    } else {
      // Phones show the list first.
      await expect(messages(page)).toHaveCount(0)
    }
    await expectNoAxeViolations(page)
    await shot(page, 'threads')

    await threadList.getByRole('link', { name: /Local authority search/ }).click()
    await expect(page.getByRole('heading', { level: 3, name: 'Local authority search' })).toBeVisible()
    await expect(messages(page).getByText('the search is ordered.')).toBeVisible()
    if (width < 768) await expect(page.getByRole('link', { name: 'All threads' })).toBeVisible()
    await expect(composer(page, 'Local authority search')).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'thread')
    // Nothing in the Chat tab reaches past the viewport's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)

    await bell(page).click()
    const popover = page.getByRole('dialog', { name: 'Notifications' })
    await expect(popover.getByRole('link', { name: /mentioned you in Local authority search/ })).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'bell')
    await popover.getByRole('button', { name: 'Email settings' }).click()
    const settings = page.getByRole('dialog', { name: 'Email settings' })
    await expect(settings.getByRole('switch').first()).toBeVisible()
    await expectNoAxeViolations(page)
    await shot(page, 'email-settings')
    await settings.getByRole('button', { name: 'Cancel' }).click()
    await expect(settings).toBeHidden()

    for (const p of [buyer, conveyancer]) {
      p.console.check(ALLOWED_CONSOLE)
      await p.close()
    }
  })
}

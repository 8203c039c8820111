/**
 * The workspace in the spec's shape (issue 38 item 4, decision 063), on the demo move (read only):
 * the five tabs Overview, Timeline, Documents, People and Chat, each reachable and wholly in view at
 * 390 px, for the buyer, the seller and the buyer's conveyancer; Enquiries and Activity as views of
 * Documents and the Chain as a view of Timeline, with the old `?tab=enquiries` and `?tab=chain`
 * links opening there; Overview's one 'What is left for you' list by role, no feature cards, and
 * Recent Activity as chat messages only; and no console error on signed-out pages (the session is
 * read without a 401). Screenshots of each person's Overview at 390 and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test'
import { watchConsole } from './public-helpers'
import { signInByRequest } from './app-helpers'

const SHOTS = 'test-results/screens'
const DEMO_TX = '/app/transactions/5eed0000-0000-4000-8000-000000000002'
const DEMO_PASSWORD = 'homeward-demo-2025'
const PEOPLE = [
  { who: 'buyer', email: 'amelia.buyer@homeward.example' },
  { who: 'seller', email: 'tom.seller@homeward.example' },
  { who: 'conveyancer', email: 'priya.conveyancer@homeward.example' },
] as const
const TABS = ['Overview', 'Timeline', 'Documents', 'People', 'Chat']

/** Whether `box` lies wholly inside the viewport's width (not clipped, not off-screen). */
async function wholyInView(page: Page, name: string, width: number) {
  const tab = page.getByRole('tablist', { name: 'Move' }).getByRole('tab', { name, exact: true })
  await expect(tab).toBeVisible()
  const box = (await tab.boundingBox())!
  expect(box.x, `${name} starts inside the screen`).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width, `${name} ends inside the screen`).toBeLessThanOrEqual(width)
}

test.describe('the workspace, five tabs', () => {
  for (const person of PEOPLE) {
    for (const width of [390, 1280]) {
      test(`the ${person.who} reaches every tab at ${width} px`, async ({ page }) => {
        test.setTimeout(90_000)
        const console = watchConsole(page)
        await signInByRequest(page.request, { email: person.email, password: DEMO_PASSWORD })
        await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
        await page.goto(DEMO_TX)
        // The first page load after the server starts can be slow on a loaded machine.
        await expect(page.getByRole('heading', { level: 1, name: '12 Clarence Road' })).toBeVisible({ timeout: 30_000 })
        await expect(page.getByRole('tablist', { name: 'Move' }).getByRole('tab')).toHaveText(TABS)

        // Overview: progress, the one list by role, participants and Recent Activity; no feature cards.
        await expect(page.getByRole('heading', { name: 'Overall progress' })).toBeVisible()
        const left = page.getByTestId('what-is-left')
        await expect(left.getByRole('heading', { level: 2 })).toHaveText(/^(What is left for you|You are all set)$/)
        for (const card of ['Deposit', 'Completion fee', 'Survey', 'Property information forms', 'Source of funds'])
          await expect(page.getByRole('heading', { name: card, exact: true })).toHaveCount(0)
        if (person.who === 'buyer') {
          await expect(left.getByTestId('todo-identity')).toHaveCount(1)
          await expect(left.getByTestId('todo-deposit')).toHaveCount(1)
          // Source of funds is offered once at most (not at all once it is done).
          expect(await page.getByRole('link', { name: /source of funds/i }).count()).toBeLessThanOrEqual(1)
        }
        if (person.who === 'seller') {
          await expect(left.getByTestId('todo-ta6')).toHaveCount(1)
          await expect(left.getByTestId('todo-ta10')).toHaveCount(1)
          await expect(left.getByTestId('todo-deposit')).toHaveCount(0)
        }
        if (person.who === 'conveyancer') {
          await expect(left.getByTestId('todo-title')).toHaveCount(1)
          await expect(left.getByTestId('todo-deposit')).toHaveCount(1)
          await expect(left.getByTestId('todo-completion-fee')).toHaveCount(0)
        }
        await expect(page.getByRole('region', { name: 'Key Participants' })).toBeVisible()
        const recent = page.getByTestId('recent-activity')
        await expect(recent.getByRole('listitem')).toHaveCount(5)
        for (const line of await recent.getByRole('listitem').allInnerTexts()) expect(line).toContain(' wrote: “')
        // On a desktop screen the spec's progress, participants and Recent Activity start on the first screen.
        if (width > 500) {
          const top = (await page.getByRole('region', { name: 'Key Participants' }).boundingBox())!.y
          expect(top).toBeLessThan(900)
        }
        await page.screenshot({ path: `${SHOTS}/workspace-shape-${person.who}-overview-${width}.png`, fullPage: true })

        if (width < 500)
          await page
            .getByRole('tablist', { name: 'Move' })
            .screenshot({ path: `${SHOTS}/workspace-shape-${person.who}-tabs-390.png` })
        // Every tab is wholly on screen and opens.
        for (const name of TABS) {
          await wholyInView(page, name, width)
          await page.getByRole('tablist', { name: 'Move' }).getByRole('tab', { name, exact: true }).click()
          await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true')
          await wholyInView(page, name, width)
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        }

        // Documents holds Enquiries and Activity; Timeline holds the Chain.
        await page.getByRole('tab', { name: 'Documents' }).click()
        const docViews = page.getByRole('group', { name: 'Documents views' })
        await expect(docViews.getByRole('button')).toHaveText(['Documents', 'Enquiries', 'Activity'])
        await docViews.getByRole('button', { name: 'Enquiries' }).click()
        await expect(page).toHaveURL(/\?tab=documents&view=enquiries$/)
        await expect(docViews.getByRole('button', { name: 'Enquiries' })).toHaveAttribute('aria-pressed', 'true')
        await expect(page.getByRole('heading', { name: 'Pre-contract enquiries' })).toBeVisible()
        await docViews.getByRole('button', { name: 'Activity' }).click()
        await expect(page.getByTestId('activity-trail')).toBeVisible()
        await page.getByRole('tab', { name: 'Timeline' }).click()
        await expect(page).toHaveURL(/\?tab=timeline$/)
        const timelineViews = page.getByRole('group', { name: 'Timeline views' })
        await expect(timelineViews.getByRole('button')).toHaveText(['Stages', 'Chain'])
        await timelineViews.getByRole('button', { name: 'Chain' }).click()
        await expect(page).toHaveURL(/\?tab=timeline&view=chain$/)
        await expect(page.getByTestId('stage-card')).toHaveCount(0)
        if (width < 500) await page.screenshot({ path: `${SHOTS}/workspace-shape-${person.who}-chain-390.png` })
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        console.check()
      })
    }
  }

  test('the old tab links open their new places', async ({ page }) => {
    await signInByRequest(page.request, { email: PEOPLE[2].email, password: DEMO_PASSWORD })
    await page.goto(`${DEMO_TX}?tab=enquiries`)
    await expect(page).toHaveURL(/\?tab=documents&view=enquiries$/)
    await expect(page.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('button', { name: 'Raise enquiries' })).toBeVisible()
    await page.goto(`${DEMO_TX}?tab=chain`)
    await expect(page).toHaveURL(/\?tab=timeline&view=chain$/)
    await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true')
    await expect(
      page.getByRole('group', { name: 'Timeline views' }).getByRole('button', { name: 'Chain' }),
    ).toHaveAttribute('aria-pressed', 'true')
    // Recent Activity's 'All activity' opens the Activity view.
    await page.goto(DEMO_TX)
    await page.getByTestId('all-activity-link').click()
    await expect(page).toHaveURL(/\?tab=documents&view=activity$/)
    await expect(page.getByTestId('activity-trail')).toBeVisible()
  })
})

test('signed-out pages log no console error', async ({ page }) => {
  const console = watchConsole(page)
  const failed: string[] = []
  page.on('response', (res) => {
    if (res.status() >= 400) failed.push(`${res.status()} ${new URL(res.url()).pathname}`)
  })
  for (const path of ['/auth', '/app', '/app/home', `${DEMO_TX}?tab=chain`]) {
    await page.goto(path)
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible()
  }
  expect(failed).toEqual([])
  console.check()
})

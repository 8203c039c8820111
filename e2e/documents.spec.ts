/**
 * Documents and e-signing in the browser: the seller uploads a TA6 PDF into
 * Property with a progress bar, the buyer sees and previews it (pdf.js), a second upload (dropped
 * on the folder) makes version 2, the seller asks buyer and seller to sign, both sign in their own
 * browsers (typed, then drawn), the row shows 'Signed', the certificate lists both (API and the
 * signed PDF's text), Verify says intact, an outsider's copy of the signed URL gives 403, the audit
 * trail verifies, and a cancelled upload leaves no row. Screenshots at 1280 and 390 px; axe.
 * Runs twice (playwright.config.ts): on disk storage (project chromium) and on S3 through s3rver
 * (chromium-s3). File links are the app's own signed /api/files URLs on both (it streams S3 objects
 * rather than handing out presigned URLs), so the same 403 checks apply to both.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { createMove, expectNoAxeViolations, makePdf, move, person, type Person } from './app-helpers'

// pdf.js renders in a worker: on a loaded 2-core machine a page's canvas and text layer can take
// longer than the default 10 s to appear.
const PDF_RENDER = { timeout: 30_000 }
const SHOTS = 'test-results/screens'
// The browser logs refused requests (the outsider's 403 is made outside the page, but a cancelled
// or refused upload may show here) and pdf.js warns about fonts; neither is a fault of the page.
const ALLOWED_CONSOLE = [/status of 40[0-9]/, /status of 415/]

/** All the text of a PDF, page by page, read with pdf.js in Node. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise
  const out: string[] = []
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent()
    out.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return out.join('\n')
}

/** The Documents tab needs no sideways scrolling: nothing in it reaches past the viewport's width. */
async function expectTabFits(page: Page) {
  const overflow = await page.getByTestId('documents-tab').evaluate((tab) => {
    const limit = document.documentElement.clientWidth
    return Array.from(tab.querySelectorAll('*'))
      .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
      .map((el) => el.outerHTML.slice(0, 80))
  })
  expect(overflow).toEqual([])
}

async function shot(page: Page, name: string, fullPage = true) {
  // This spec also runs on S3 storage (project chromium-s3), at the same time: its screenshots go apart.
  const project = test.info().project.name
  const dir = project === 'chromium' ? SHOTS : `${SHOTS}/${project}`
  await page.screenshot({ path: `${dir}/documents-${name}-${page.viewportSize()!.width}.png`, fullPage })
}

const folder = (page: Page, name: string) =>
  page.getByTestId('document-folder').filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}`) }) })
const row = (scope: Locator, filename: string) =>
  scope.getByTestId('document-row').filter({ has: scope.page().getByTitle(filename, { exact: true }) })

/** Slows `who`'s uploads to `bytesPerSecond` (Chrome DevTools network emulation); returns the undo. */
async function throttleUploads(who: Pick<Person, 'context' | 'page'>, bytesPerSecond: number) {
  const cdp = await who.context.newCDPSession(who.page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  })
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
}

/** Drops `file` on `target` the way a browser does: a DataTransfer with the file, then drop events. */
async function dropFile(page: Page, selector: string, file: { name: string; bytes: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const dt = new DataTransfer()
      dt.items.add(new File([bytes], name, { type: 'application/pdf' }))
      return dt
    },
    { name: file.name, base64: file.bytes.toString('base64') },
  )
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent(selector, type, { dataTransfer })
}

test.describe.configure({ mode: 'serial' })

test('TA6: upload, preview, version 2, both sign, Signed, certificate, verify, 403 for outsiders, cancel', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  // --- The seller's move, with the buyer invited and joined (through the API: other specs show the UI)
  const s = await person(browser, 'Sam Seller', 'seller')
  const b = await person(browser, 'Bella Buyer', 'buyer', { width: 390 })
  const { txId } = await move(s, [{ who: b, role: 'buyer' }], {
    address: '8 Mill Lane',
    town: 'Hitchin',
    postcode: 'SG5 1AA',
    role: 'seller',
    agreed_price: 425000,
  })
  const docsPath = `/app/transactions/${txId}?tab=documents`

  // --- The seller uploads the TA6 into Property with the button -----------------------------------
  await s.page.goto(docsPath)
  await expect(s.page.getByRole('heading', { name: 'Smart Contract Room' })).toBeVisible()
  await expect(s.page.getByTestId('document-folder')).toHaveCount(6)
  await s.page.getByRole('button', { name: 'Upload Document' }).click()
  const upload = s.page.getByRole('dialog', { name: 'Upload a document' })
  await upload.getByRole('button', { name: 'Upload' }).click()
  await expect(upload.getByLabel('Folder')).toHaveAttribute('aria-invalid', 'true')
  await expect(upload.getByText('Choose a file to upload')).toBeVisible()
  await upload.getByLabel('Folder').selectOption('Property')
  const ta6v1 = await makePdf(['TA6 Property Information Form', 'Seller: Sam Seller', 'Draft 1'], 2)
  await upload.getByLabel('Files').setInputFiles({ name: 'TA6.pdf', mimeType: 'application/pdf', buffer: ta6v1 })
  await upload.getByRole('button', { name: 'Upload' }).click()
  await expect(upload).toHaveCount(0)
  await expect(s.page.getByRole('button', { name: 'Upload Document' })).toBeFocused()
  await expect(row(folder(s.page, 'Property'), 'TA6.pdf')).toContainText('Version 1')

  // A file that is not an accepted type is refused before sending, with the allowed types named.
  await s.page.getByRole('button', { name: 'Upload Document' }).click()
  await upload.getByLabel('Folder').selectOption('Fixtures')
  await upload
    .getByLabel('Files')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') })
  await upload.getByRole('button', { name: 'Upload' }).click()
  await expect(upload.getByText('Upload a PDF, JPEG, PNG, HEIC or Word (.docx) file')).toBeVisible()
  await upload.getByRole('button', { name: 'Cancel' }).click()
  // ... and the server's own message shows when it refuses (HTML named .pdf: magic bytes decide).
  await s.page.getByRole('button', { name: 'Upload Document' }).click()
  await upload.getByLabel('Folder').selectOption('Fixtures')
  await upload.getByLabel('Files').setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  })
  await upload.getByRole('button', { name: 'Upload' }).click()
  const failed = s.page.getByTestId('upload-item')
  await expect(failed).toContainText('Failed: fake.pdf')
  await expect(failed).toContainText('This type of file is not accepted')
  await failed.getByRole('button', { name: 'Dismiss fake.pdf' }).click()
  await expect(failed).toHaveCount(0)

  await expectNoAxeViolations(s.page)
  await shot(s.page, 'tab')

  // --- The buyer sees it and previews it ------------------------------------------------------------
  await b.page.goto(docsPath)
  await expect(row(folder(b.page, 'Property'), 'TA6.pdf')).toContainText('Version 1')
  await expectTabFits(b.page)
  await shot(b.page, 'tab')
  await b.page.getByRole('button', { name: 'View TA6.pdf' }).click()
  const viewer = b.page.getByRole('dialog', { name: 'TA6.pdf' })
  await expect(viewer).toBeVisible()
  await expect(viewer.locator('.react-pdf__Page__canvas')).toHaveCount(2, PDF_RENDER)
  await expect(viewer.locator('.react-pdf__Page__textContent').first()).toContainText(
    'TA6 Property Information Form',
    PDF_RENDER,
  )
  await expect(viewer.getByText('No one has been asked to sign this version.')).toBeVisible()
  await expect(viewer.getByText(/PG82 witnessed signing process/)).toBeVisible()
  await shot(b.page, 'viewer', false)
  await expectNoAxeViolations(b.page)
  await b.page.keyboard.press('Escape')
  await expect(viewer).toHaveCount(0)

  // --- Version 2: the seller drops the revised TA6 on the Property folder -------------------------
  const ta6v2 = await makePdf(['TA6 Property Information Form', 'Seller: Sam Seller', 'Final'], 2)
  await dropFile(s.page, '[data-folder="Property"]', { name: 'TA6.pdf', bytes: ta6v2 })
  await expect(row(folder(s.page, 'Property'), 'TA6.pdf')).toContainText('Version 2')
  await s.page.getByRole('button', { name: 'Show 1 earlier version of TA6.pdf' }).click()
  await expect(s.page.getByRole('list', { name: 'Earlier versions' })).toContainText('Version 1')

  // --- The seller asks buyer and seller to sign version 2 -------------------------------------------
  await s.page.getByRole('button', { name: 'View TA6.pdf' }).click()
  const sViewer = s.page.getByRole('dialog', { name: 'TA6.pdf' })
  await expect(sViewer.getByLabel('Version', { exact: true })).toHaveValue(/.+/)
  await expect(sViewer.locator('.react-pdf__Page__textContent').first()).toContainText('Final', PDF_RENDER)
  // The version switch shows version 1 again.
  const v1 = await sViewer
    .getByLabel('Version', { exact: true })
    .locator('option', { hasText: /^Version 1 ·/ })
    .getAttribute('value')
  await sViewer.getByLabel('Version', { exact: true }).selectOption(v1!)
  await expect(sViewer.locator('.react-pdf__Page__textContent').first()).toContainText('Draft 1', PDF_RENDER)
  await sViewer.getByLabel('Version', { exact: true }).selectOption({ index: 0 })
  await expect(sViewer.locator('.react-pdf__Page__textContent').first()).toContainText('Final', PDF_RENDER)
  await sViewer.getByRole('button', { name: 'Ask to sign' }).click()
  const ask = s.page.getByRole('dialog', { name: 'Ask people to sign' })
  await ask.getByLabel(/Bella Buyer/).check()
  await ask.getByLabel(/Sam Seller/).check()
  await ask.getByLabel('On a page of the document').check()
  await ask.getByLabel('Page number').fill('2')
  await ask.getByLabel('Message (optional)').fill('Please sign the final TA6.')
  await shot(s.page, 'request-dialog', false)
  await expectNoAxeViolations(s.page)
  await ask.getByRole('button', { name: 'Ask to sign' }).click()
  await expect(ask).toHaveCount(0)
  await expect(sViewer.getByTestId('signature-status')).toContainText('Waiting for 2 of 2 signatures')

  // The seller signs first, typing their name.
  const sForm = sViewer.getByRole('form', { name: 'Sign this document' })
  await sForm.getByRole('button', { name: 'Sign' }).click()
  await expect(sForm.getByText('Agree to sign electronically to continue')).toBeVisible()
  await sForm.getByLabel(/agree to sign it electronically/).check()
  await expect(sForm.getByLabel('Your full name')).toHaveValue('Sam Seller')
  await shot(s.page, 'signing-dialog', false)
  await expectNoAxeViolations(s.page)
  await sForm.getByRole('button', { name: 'Sign' }).click()
  await expect(sViewer.getByTestId('signature-status')).toContainText('Waiting for 1 of 2 signatures')
  await s.page.keyboard.press('Escape')
  await expect(row(folder(s.page, 'Property'), 'TA6.pdf')).toContainText('Awaiting signatures')

  // --- The buyer signs on their phone, drawing ------------------------------------------------------
  await b.page.reload()
  const waiting = b.page.getByTestId('awaiting-signature')
  await expect(waiting).toContainText('TA6.pdf')
  await waiting.getByRole('button', { name: 'Review and sign TA6.pdf' }).click()
  const bViewer = b.page.getByRole('dialog', { name: 'TA6.pdf' })
  await expect(bViewer.locator('.react-pdf__Page__canvas').first()).toBeVisible(PDF_RENDER)
  const bForm = bViewer.getByRole('form', { name: 'Sign this document' })
  await bForm.getByLabel(/agree to sign it electronically/).check()
  await bForm.getByText('Draw my signature').click()
  const pad = bForm.getByTestId('signature-pad')
  await pad.scrollIntoViewIfNeeded()
  const box = (await pad.boundingBox())!
  await b.page.mouse.move(box.x + 20, box.y + box.height * 0.7)
  await b.page.mouse.down()
  for (let i = 1; i <= 12; i++)
    await b.page.mouse.move(box.x + 20 + i * 20, box.y + box.height * (0.7 - 0.4 * Math.abs(Math.sin(i / 2))))
  await b.page.mouse.up()
  await expect(bForm.getByText('Signature drawn.')).toBeVisible()
  await shot(b.page, 'signing-dialog', false)
  await bForm.getByRole('button', { name: 'Sign' }).click()
  await expect(bViewer.getByTestId('signature-status')).toContainText('Signed by everyone')
  await b.page.keyboard.press('Escape')

  // --- The row shows Signed (the signed PDF is version 3) ---------------------------------------------
  const signedRow = row(folder(b.page, 'Property'), 'TA6.pdf')
  await expect(signedRow).toContainText('Version 3')
  await expect(signedRow.getByText('Signed', { exact: true })).toBeVisible()
  await s.page.reload()
  await expect(row(folder(s.page, 'Property'), 'TA6.pdf').getByText('Signed', { exact: true })).toBeVisible()

  // --- The certificate lists both: through the API and in the signed PDF's text -----------------------
  const { requests } = (await (await s.page.request.get(`/api/transactions/${txId}/signature-requests`)).json()) as {
    requests: {
      status: string
      signed_document_id: string
      signers: { full_name: string; status: string; method: string }[]
    }[]
  }
  expect(requests[0].status).toBe('completed')
  expect(requests[0].signers.map((x) => [x.full_name, x.status, x.method])).toEqual([
    ['Bella Buyer', 'signed', 'drawn'],
    ['Sam Seller', 'signed', 'typed'],
  ])
  const signedId = requests[0].signed_document_id
  const link = (await (
    await s.page.request.get(`/api/transactions/${txId}/documents/${signedId}/url?disposition=attachment`)
  ).json()) as { url: string }
  const file = await s.page.request.get(link.url)
  expect(file.status()).toBe(200)
  expect(file.headers()['x-content-type-options']).toBe('nosniff')
  const text = await pdfText(await file.body())
  expect(text).toContain('Bella Buyer')
  expect(text).toContain('Sam Seller')
  expect(text).toMatch(/certificate/i)

  // --- Verify in the viewer says intact ------------------------------------------------------------------
  await s.page.getByRole('button', { name: 'View TA6.pdf' }).click()
  const signedViewer = s.page.getByRole('dialog', { name: 'TA6.pdf' })
  // The signed PDF previews: its two pages and the certificate page. Waiting for them also keeps the
  // viewer from closing mid-load (pdf.js then throws 'Worker was terminated' on the page).
  await expect(signedViewer.locator('.react-pdf__Page__canvas')).toHaveCount(3, PDF_RENDER)
  await signedViewer.getByRole('button', { name: 'Verify' }).click()
  await expect(s.page.getByTestId('signature-verify-result')).toContainText('Intact')
  await expect(s.page.getByTestId('signature-verify-result')).toContainText('Bella Buyer and Sam Seller')
  await shot(s.page, 'viewer-signed', false)
  await s.page.keyboard.press('Escape')

  // --- An outsider's copy of the signed URL gives 403 ----------------------------------------------------
  const o = await person(browser, 'Otto Outsider', 'buyer')
  const inline = (await (
    await s.page.request.get(`/api/transactions/${txId}/documents/${signedId}/url?disposition=inline`)
  ).json()) as { url: string }
  expect((await o.page.request.get(inline.url)).status()).toBe(403)
  expect((await o.page.request.get(`/api/transactions/${txId}/documents`)).status()).toBe(404)

  // --- The Activity list and its verification (a view of Documents, decision 063) ------------------------
  const views = s.page.getByRole('group', { name: 'Documents views' })
  await views.getByRole('button', { name: 'Activity' }).click()
  const trail = s.page.getByTestId('activity-trail')
  await expect(trail).toContainText('signed "TA6.pdf" (version 2)')
  await trail.getByRole('button', { name: 'Verify audit trail' }).click()
  await expect(s.page.getByTestId('audit-verify-result')).toContainText('Intact: all')
  await views.getByRole('button', { name: 'Documents' }).click()

  // --- A cancelled upload: the progress bar, Cancel, and no row ---------------------------------------
  const unthrottle = await throttleUploads(s, 256 * 1024)
  const big = Buffer.concat([await makePdf(['Local search']), Buffer.alloc(6 * 1024 * 1024, 32)])
  await s.page.getByRole('button', { name: 'Upload Document' }).click()
  await upload.getByLabel('Folder').selectOption('Searches')
  await upload.getByLabel('Files').setInputFiles({ name: 'local-search.pdf', mimeType: 'application/pdf', buffer: big })
  const sending = s.page.waitForRequest((r) => r.method() === 'POST' && /\/documents\?/.test(r.url()))
  await upload.getByRole('button', { name: 'Upload' }).click()
  const idempotencyKey = (await sending).headers()['idempotency-key']
  expect(idempotencyKey).toBeTruthy()
  const progress = s.page.getByTestId('upload-item')
  await expect(progress.getByRole('progressbar')).toBeVisible()
  await expect(progress).toContainText(/of 6\.0 MB \(\d+%\)/)
  await expect
    .poll(async () => Number(await progress.getByRole('progressbar').getAttribute('aria-valuenow')))
    .toBeGreaterThan(0)
  await shot(s.page, 'upload-progress', false)
  await progress.getByRole('button', { name: 'Cancel uploading local-search.pdf' }).click()
  await expect(progress).toHaveCount(0)
  await expect(s.page.getByText('Upload cancelled')).toBeVisible()
  await unthrottle()
  // The server has let the cancelled upload go once its Idempotency-Key is free: the same key and
  // fingerprint (folder, name, length) with bytes of no accepted type then get 415 (refused, nothing
  // kept), where they get 409 while that upload is still in flight and 200 had it been stored.
  const probe = async () =>
    (
      await s.page.request.post(`/api/transactions/${txId}/documents?folder=Searches&filename=local-search.pdf`, {
        headers: { 'idempotency-key': idempotencyKey, 'content-type': 'application/octet-stream' },
        data: Buffer.alloc(big.length, 32),
      })
    ).status()
  await expect.poll(probe).toBe(415)
  const { documents } = (await (await s.page.request.get(`/api/transactions/${txId}/documents`)).json()) as {
    documents: { filename: string }[]
  }
  expect(documents.map((d) => d.filename)).toEqual(['TA6.pdf'])
  await s.page.reload()
  await expect(folder(s.page, 'Searches')).toContainText('Nothing in this folder yet.')

  s.console.check(ALLOWED_CONSOLE)
  b.console.check(ALLOWED_CONSOLE)
  await Promise.all([s.context.close(), b.context.close(), o.context.close()])
})

test('the upload progress and the Documents tab at 390 px', async ({ browser }) => {
  const p = await person(browser, 'Nina Narrow', 'buyer', { width: 390 })
  const { path } = await createMove(p.request, {
    address: '2 Bancroft',
    town: 'Hitchin',
    postcode: 'SG5 1JW',
    agreed_price: 310000,
    tenure: 'leasehold',
  })
  await p.page.goto(`${path}?tab=documents`)
  const unthrottle = await throttleUploads(p, 512 * 1024)
  await p.page.getByRole('button', { name: 'Upload Document' }).click()
  const upload = p.page.getByRole('dialog', { name: 'Upload a document' })
  await shot(p.page, 'upload-dialog', false)
  await upload.getByLabel('Folder').selectOption('Identity')
  const pdf = Buffer.concat([await makePdf(['Passport scan']), Buffer.alloc(3 * 1024 * 1024, 32)])
  await upload.getByLabel('Files').setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: pdf })
  await upload.getByRole('button', { name: 'Upload' }).click()
  const progress = p.page.getByTestId('upload-item')
  await expect(progress.getByRole('progressbar')).toBeVisible()
  await expect
    .poll(async () => Number(await progress.getByRole('progressbar').getAttribute('aria-valuenow')))
    .toBeGreaterThan(0)
  await shot(p.page, 'upload-progress', false)
  await expectNoAxeViolations(p.page)
  // Left to finish, it lands in Identity.
  await expect(row(folder(p.page, 'Identity'), 'passport.pdf')).toContainText('Version 1', { timeout: 30_000 })
  await expectTabFits(p.page)

  // The scan was of the wrong page: the new version is marked as correcting an error in version 1.
  await unthrottle()
  await p.page.getByRole('button', { name: 'Upload Document' }).click()
  await upload.getByLabel('Folder').selectOption('Identity')
  const fix = upload.getByLabel('This corrects an error in version 1 of "passport.pdf"')
  await expect(fix).toHaveCount(0)
  await upload.getByLabel('Files').setInputFiles({
    name: 'passport.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf(['Passport photo page']),
  })
  await expect(fix).not.toBeChecked()
  await fix.check()
  await shot(p.page, 'upload-correction', false)
  await expectNoAxeViolations(p.page)
  await upload.getByRole('button', { name: 'Upload' }).click()
  const passport = row(folder(p.page, 'Identity'), 'passport.pdf')
  await expect(passport).toContainText('Version 2')
  await expect(passport).toContainText('Corrects an error in version 1')
  p.console.check(ALLOWED_CONSOLE)
  await p.context.close()
})

test('a signer declines with a reason; the requester cancels a new request; keyboard only', async ({ browser }) => {
  test.setTimeout(120_000)
  const s = await person(browser, 'Sol Seller', 'seller')
  const b = await person(browser, 'Bo Buyer', 'buyer')
  const { txId } = await move(s, [{ who: b, role: 'buyer' }], {
    address: '1 Hermitage Road',
    town: 'Hitchin',
    postcode: 'SG5 1BT',
    role: 'seller',
    agreed_price: 515000,
  })
  const pdf = await makePdf(['TA10 Fittings and Contents Form'])
  const up = await s.page.request.post(`/api/transactions/${txId}/documents?folder=Fixtures&filename=TA10.pdf`, {
    data: pdf,
    headers: { 'content-type': 'application/octet-stream' },
  })
  expect(up.status()).toBe(201)

  // The seller asks the buyer, with the keyboard only.
  await s.page.goto(`/app/transactions/${txId}?tab=documents`)
  const view = s.page.getByRole('button', { name: 'View TA10.pdf' })
  await view.focus()
  await s.page.keyboard.press('Enter')
  const viewer = s.page.getByRole('dialog', { name: 'TA10.pdf' })
  await expect(viewer.locator('.react-pdf__Page__canvas')).toHaveCount(1, PDF_RENDER)
  await viewer.getByRole('button', { name: 'Ask to sign' }).focus()
  await s.page.keyboard.press('Enter')
  const ask = s.page.getByRole('dialog', { name: 'Ask people to sign' })
  await ask.getByLabel(/Bo Buyer/).focus()
  await s.page.keyboard.press('Space')
  await ask.getByRole('button', { name: 'Ask to sign' }).focus()
  await s.page.keyboard.press('Enter')
  await expect(viewer.getByTestId('signature-status')).toContainText('Waiting for 1 of 1 signature')
  await s.page.keyboard.press('Escape')
  await expect(viewer).toHaveCount(0)
  // Focus is back on the button that opened the viewer.
  await expect(view).toBeFocused()

  // The buyer declines with a reason.
  await b.page.goto(`/app/transactions/${txId}?tab=documents`)
  await b.page.getByRole('button', { name: 'Review and sign TA10.pdf' }).click()
  const bViewer = b.page.getByRole('dialog', { name: 'TA10.pdf' })
  await expect(bViewer.locator('.react-pdf__Page__canvas')).toHaveCount(1, PDF_RENDER)
  await bViewer.getByRole('button', { name: 'Decline…' }).click()
  const decline = bViewer.getByRole('form', { name: 'Decline to sign' })
  await decline.getByRole('button', { name: 'Decline to sign' }).click()
  await expect(decline.getByText('Give a reason')).toBeVisible()
  await decline.getByLabel('Why are you declining?').fill('The oven is staying, not going')
  await decline.getByRole('button', { name: 'Decline to sign' }).click()
  await expect(bViewer.getByTestId('signature-status')).toContainText(
    'Declined by Bo Buyer: The oven is staying, not going',
  )
  await b.page.keyboard.press('Escape')
  await expect(b.page.getByTestId('awaiting-signature')).toHaveCount(0)

  // The seller sees it, asks again, and cancels.
  await s.page.reload()
  await s.page.getByRole('button', { name: 'View TA10.pdf' }).click()
  await expect(viewer.getByTestId('signature-status')).toContainText('Declined by Bo Buyer')
  await viewer.getByRole('button', { name: 'Ask to sign' }).click()
  await ask.getByLabel(/Bo Buyer/).check()
  await ask.getByRole('button', { name: 'Ask to sign' }).click()
  await expect(viewer.getByTestId('signature-status')).toContainText('Waiting for 1 of 1 signature')
  await viewer.getByRole('button', { name: 'Cancel signature request' }).click()
  await expect(viewer.getByTestId('signature-status')).toContainText('Cancelled by the requester')
  await s.page.keyboard.press('Escape')
  await s.page.getByRole('group', { name: 'Documents views' }).getByRole('button', { name: 'Activity' }).click()
  await expect(s.page.getByTestId('activity-trail')).toContainText('declined to sign "TA10.pdf"')

  s.console.check(ALLOWED_CONSOLE)
  b.console.check(ALLOWED_CONSOLE)
  await Promise.all([s.context.close(), b.context.close()])
})

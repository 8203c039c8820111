/**
 * Every email to a known person opens with one greeting (emailGreeting) in the language of their
 * account (issue 41 item 7, decision 067): enqueueMail's `greet`.
 */
import { describe, expect, it } from 'vitest'
import { createUser } from '#server/test/factories.ts'
import { useTestApp } from '#server/test/test-app.ts'
import { enqueueMail, greetedText } from './outbox'

const t = useTestApp()

async function bodyOf(id: string): Promise<string> {
  const [row] = await t.database.query<{ text_body: string }>('select text_body from mail_outbox where id = $1', [id])
  return row!.text_body
}

describe('the greeting of emails', () => {
  it('greetedText opens with Annwyl for Cymraeg, Hello otherwise', () => {
    expect(greetedText('Siân Jones', 'cy', 'Body')).toBe('Annwyl Siân Jones,\n\nBody')
    expect(greetedText('Sam Smith', 'en', 'Body')).toBe('Hello Sam Smith,\n\nBody')
    expect(greetedText('Sam Smith', null, 'Body')).toBe('Hello Sam Smith,\n\nBody')
  })

  it("enqueueMail greets in the language of the profile with the address, whatever the address's case", async () => {
    const welsh = await createUser(t.auth, { database: t.database, name: 'Siân Jones' })
    await t.database.query(`update profiles set language = 'cy' where id = $1`, [welsh.profileId])
    const english = await createUser(t.auth, { database: t.database, name: 'Sam Smith' })
    const send = (to: string, greet: string) =>
      t.database.db.transaction((tx) =>
        enqueueMail(tx, { to, subject: 'S', text: 'Body', kind: 'test', greet }, { deliver: false }),
      )
    expect(await bodyOf(await send(welsh.email.toUpperCase(), 'Siân Jones'))).toBe('Annwyl Siân Jones,\n\nBody')
    expect(await bodyOf(await send(english.email, 'Sam Smith'))).toBe('Hello Sam Smith,\n\nBody')
    expect(await bodyOf(await send('nobody@homeward.test', 'Nobody'))).toBe('Hello Nobody,\n\nBody')
    // Without `greet` the text is the caller's own.
    const plain = await t.database.db.transaction((tx) =>
      enqueueMail(tx, { to: welsh.email, subject: 'S', text: 'Body', kind: 'test' }, { deliver: false }),
    )
    expect(await bodyOf(plain)).toBe('Body')
  })
})

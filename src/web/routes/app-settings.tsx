import { SettingsPage } from '../app/settings-page'
import { SignedInPage } from '../app/signed-in-page'
import { PageTitle } from '../lib/page-meta'

/** /app/settings: account settings, signed in only (without a session, /auth and back here afterwards). */
export function Component() {
  const pageMeta = { title: 'Account settings', description: 'Your name, password, sessions and security activity.' }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInPage>{(me) => <SettingsPage me={me} />}</SignedInPage>
    </>
  )
}

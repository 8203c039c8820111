import { SettingsPage } from '../app/settings-page'
import { SignedInPage } from '../app/signed-in-page'
import { usePageMeta } from '../lib/use-page-meta'

/** /app/settings: account settings, signed in only (without a session, /auth and back here afterwards). */
export function Component() {
  usePageMeta({ title: 'Account settings', description: 'Your name, password, sessions and security activity.' })
  return <SignedInPage>{(me) => <SettingsPage me={me} />}</SignedInPage>
}

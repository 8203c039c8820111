import { PRIVACY_EMAIL } from '../lib/contact'
import { LegalPage } from '../features/public-site/components/legal-page'
import { PublicPageMeta } from '../lib/page-meta'

/** /cookies: the cookie policy (spec: Screens and routes: dated January 2025, laws of England and Wales). */
export function Component() {
  const pageMeta = {
    title: 'Cookie policy',
    description:
      'Homeward uses only strictly necessary cookies to keep you signed in securely. No advertising or tracking cookies. Here is exactly what we store and why.',
  }
  return (
    <>
      <PublicPageMeta {...pageMeta} />
      <LegalPage
        title="Cookie policy"
        intro={
          <p>
            This policy explains the cookies and similar storage Homeward uses, under the Privacy and Electronic
            Communications Regulations 2003 (PECR). In short: we use only what is strictly necessary to run the service,
            so we do not ask for consent and there is no cookie banner.
          </p>
        }
        sections={[
          {
            id: 'what-we-use',
            title: 'Cookies we use',
            body: (
              <>
                <ul>
                  <li>
                    <strong>homeward.session_token</strong>: keeps you signed in. It is HttpOnly (scripts cannot read
                    it), sent only to Homeward, and lasts up to 30 days or until you sign out. On secure connections its
                    name starts with “__Secure-”.
                  </li>
                </ul>
                <p>That is the only cookie Homeward sets. Public pages, such as this one, set none.</p>
              </>
            ),
          },
          {
            id: 'not-used',
            title: 'Cookies we do not use',
            body: (
              <p>
                We use no advertising, analytics, social media or third-party tracking cookies, and we do not build
                profiles of your browsing.
              </p>
            ),
          },
          {
            id: 'managing',
            title: 'Managing cookies',
            body: (
              <p>
                You can block or delete cookies in your browser settings. If you block the session cookie you will not
                be able to sign in, but all public pages will still work.
              </p>
            ),
          },
          {
            id: 'contact',
            title: 'Contact and governing law',
            body: (
              <p>
                Questions about cookies go to <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>. This policy is
                governed by the laws of England and Wales.
              </p>
            ),
          },
        ]}
      />
    </>
  )
}

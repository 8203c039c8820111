import { COMPANY_NAME, POSTAL_ADDRESS, PRIVACY_EMAIL } from '../lib/contact'
import { LegalPage } from '../features/public-site/components/legal-page'
import { PublicPageMeta } from '../lib/page-meta'

/** /privacy: the privacy policy (spec: Screens and routes: dated January 2025, laws of England and Wales). */
export function Component() {
  const pageMeta = {
    title: 'Privacy policy',
    description:
      'How Homeward collects, uses, shares and protects personal data under UK GDPR and the Data Protection Act 2018, and how to exercise your rights.',
  }
  return (
    <>
      <PublicPageMeta {...pageMeta} />
      <LegalPage
        title="Privacy policy"
        intro={
          <>
            <p>
              This policy explains what personal data {COMPANY_NAME} (“Homeward”, “we”, “us”) collects when you use
              Homeward, why we use it, who we share it with and the rights you have. We are the controller of the data
              described here under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
            </p>
            <p>
              Questions about this policy or your data go to our privacy team at{' '}
              <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a> or by post to {POSTAL_ADDRESS}.
            </p>
          </>
        }
        sections={[
          {
            id: 'data-we-collect',
            title: 'Data we collect',
            body: (
              <>
                <p>We collect only what a home move needs:</p>
                <ul>
                  <li>Account details: your name, email address, password (stored only as a secure hash) and role.</li>
                  <li>
                    Move details: the property address, UPRN and postcode, milestones, tasks, messages and documents.
                  </li>
                  <li>
                    Identity and funds checks: the outcome of digital ID verification and open-banking proof of funds,
                    supplied by our regulated partners.
                  </li>
                  <li>Technical data: sign-in times, IP address and browser type, used to keep accounts secure.</li>
                </ul>
              </>
            ),
          },
          {
            id: 'how-we-use-it',
            title: 'How we use your data and our lawful bases',
            body: (
              <ul>
                <li>To provide Homeward to you and the people you invite (performance of a contract).</li>
                <li>
                  To carry out anti-money-laundering and identity checks that your conveyancer or agent must make under
                  the Money Laundering Regulations 2017 (legal obligation).
                </li>
                <li>To keep the service secure, prevent fraud and fix faults (legitimate interests).</li>
                <li>To send you service messages about your move. We send marketing only if you opt in (consent).</li>
              </ul>
            ),
          },
          {
            id: 'sharing',
            title: 'Who we share it with',
            body: (
              <>
                <p>
                  People you invite to a move see the information on that move and nothing else. We also share data with
                  service providers who act on our instructions: our hosting provider, an identity-verification
                  provider, an open-banking provider, an e-signature provider, HM Land Registry for title information,
                  and an FCA-authorised escrow partner where deposits are held.
                </p>
                <p>We never sell personal data.</p>
              </>
            ),
          },
          {
            id: 'storage',
            title: 'Where data is stored and how it is protected',
            body: (
              <p>
                Data is stored in the UK. It is encrypted in transit and at rest, documents are opened through
                short-lived signed links, and access is limited to the parties of each move. Every change to a move is
                recorded in an audit trail.
              </p>
            ),
          },
          {
            id: 'retention',
            title: 'How long we keep it',
            body: (
              <p>
                We keep move records for six years after completion, so that you and your conveyancer can answer any
                question that arises about the transaction. Identity-check records are kept for five years after the
                business relationship ends, as the Money Laundering Regulations 2017 require, and then deleted. Closed
                accounts with no move are deleted within 30 days.
              </p>
            ),
          },
          {
            id: 'your-rights',
            title: 'Your rights',
            body: (
              <>
                <p>
                  You can ask for a copy of your data, have it corrected, ask us to delete it or restrict how we use it,
                  object to our use of it, and ask for it in a portable format. We answer within one month. Some data,
                  such as anti-money-laundering records, must be kept even if you ask us to delete it; we will tell you
                  when that applies.
                </p>
                <p>
                  To exercise a right, email <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>. If you are unhappy
                  with our answer you can complain to the Information Commissioner's Office at ico.org.uk.
                </p>
              </>
            ),
          },
          {
            id: 'law',
            title: 'Governing law and changes',
            body: (
              <p>
                This policy is governed by the laws of England and Wales. If we make a material change we will tell you
                by email before it takes effect.
              </p>
            ),
          },
        ]}
      />
    </>
  )
}

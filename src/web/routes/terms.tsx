import { COMPANY_NAME, LEGAL_EMAIL, POSTAL_ADDRESS, SUPPORT_EMAIL } from '../lib/contact'
import { LegalPage } from '../features/public-site/components/legal-page'
import { PublicPageMeta } from '../lib/page-meta'

/** /terms: terms of service (spec: Screens and routes: dated January 2025, laws of England and Wales). */
export function Component() {
  const pageMeta = {
    title: 'Terms of service',
    description:
      'The terms for using Homeward as a buyer, seller or professional: accounts, fees, responsibilities, liability and the laws of England and Wales.',
  }
  return (
    <>
      <PublicPageMeta {...pageMeta} />
      <LegalPage
        title="Terms of service"
        intro={
          <>
            <p>
              These terms are an agreement between you and {COMPANY_NAME} for the use of Homeward. By creating an
              account you accept them. Please read them carefully; if you do not agree, do not use the service.
            </p>
            <p>
              Contact us about these terms at <a href={`mailto:${LEGAL_EMAIL}`}>{LEGAL_EMAIL}</a> or by post to{' '}
              {POSTAL_ADDRESS}.
            </p>
          </>
        }
        sections={[
          {
            id: 'service',
            title: 'What Homeward is',
            body: (
              <p>
                Homeward is a collaboration workspace for residential property transactions in England and Wales. It
                lets the parties to a move share a timeline, documents and messages. Homeward is not a law firm, an
                estate agent, a lender or a surveyor and does not give legal, financial or survey advice: that advice
                comes from the regulated professionals you instruct, who remain responsible for their own work.
              </p>
            ),
          },
          {
            id: 'accounts',
            title: 'Your account',
            body: (
              <ul>
                <li>You must be 18 or over and give accurate details, including your role in the move.</li>
                <li>Keep your password secret; you are responsible for activity under your account.</li>
                <li>Invite only people who are genuinely involved in your move.</li>
                <li>Tell us straight away at {SUPPORT_EMAIL} if you think your account has been misused.</li>
              </ul>
            ),
          },
          {
            id: 'fees',
            title: 'Fees',
            body: (
              <p>
                Homeward is free for buyers and sellers to use. A small flat transaction fee, shown to you before you
                accept it, is charged when your move completes; nothing is charged if it does not complete.
                Professionals pay for a Pro subscription under the separate terms of their firm's plan.
              </p>
            ),
          },
          {
            id: 'professionals',
            title: 'Professionals and accreditation',
            body: (
              <p>
                Professionals must hold and keep the registrations their work requires (for example with the SRA, CLC,
                RICS, FCA or an estate agency redress scheme). Accreditation tiers in the marketplace are calculated
                from metrics recorded on Homeward and are information, not a recommendation or guarantee of any firm.
              </p>
            ),
          },
          {
            id: 'money',
            title: 'Deposits and payments',
            body: (
              <p>
                Homeward never holds client money. Deposits and other funds are held by an FCA-authorised escrow or
                payment partner, or by your conveyancer in their client account, under those providers' terms.
              </p>
            ),
          },
          {
            id: 'acceptable-use',
            title: 'Acceptable use',
            body: (
              <p>
                Do not upload unlawful content, impersonate anyone, try to access moves you were not invited to, or
                interfere with the service. We may suspend accounts that break these rules, and will tell you why unless
                the law prevents us.
              </p>
            ),
          },
          {
            id: 'liability',
            title: 'Our liability',
            body: (
              <p>
                We provide Homeward with reasonable care and skill. We are not liable for the acts or advice of the
                professionals you instruct, or for losses we could not reasonably foresee. Nothing in these terms limits
                liability for death or personal injury caused by negligence, for fraud, or any other liability that
                cannot be limited by law, and your statutory rights as a consumer are not affected.
              </p>
            ),
          },
          {
            id: 'law',
            title: 'Governing law',
            body: (
              <p>
                These terms are governed by the laws of England and Wales, and the courts of England and Wales have
                jurisdiction over any dispute. We may update these terms and will give you 30 days' notice of any
                material change by email.
              </p>
            ),
          },
        ]}
      />
    </>
  )
}

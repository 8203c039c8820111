import type { ReactNode } from 'react'
import { AppLink } from '#web/lib/app-link.tsx'

/** The five FAQs of spec: Screens and routes: how it works, cost, inviting a conveyancer, data security, professional use. */
export const FAQS: ReadonlyArray<{ id: string; question: string; answer: ReactNode }> = [
  {
    id: 'how-it-works',
    question: 'How does Homeward work?',
    answer: (
      <>
        <p>
          Once your offer is accepted, you create a deal room for the property and invite the other people working on
          your move: the other side, conveyancers, your mortgage broker, surveyor and estate agent. Everyone then works
          from one shared timeline of milestones, from offer accepted to completion.
        </p>
        <p className="mt-2">
          Each milestone is updated by the person responsible for it, documents are shared and signed in the same place,
          and you can see at a glance what has happened, what is next and who it is waiting on.
        </p>
      </>
    ),
  },
  {
    id: 'cost',
    question: 'How much does it cost?',
    answer: (
      <p>
        Homeward is free for buyers and sellers to use. A small flat transaction fee is charged when your move
        completes, and nothing is charged if your sale or purchase does not go ahead. Professionals pay for a Pro
        subscription for their firm.
      </p>
    ),
  },
  {
    id: 'invite-conveyancer',
    question: 'How do I invite my conveyancer?',
    answer: (
      <p>
        If your conveyancer is listed, find them in the <AppLink to="/marketplace">marketplace</AppLink> and choose
        Invite on their card or profile, then pick your move and their email address. If they are not listed, open your
        move, go to People, choose Invite by email and enter their address and role: we email them an invite link, valid
        for 7 days, that you can re-send or withdraw. They join your move once they accept it.
      </p>
    ),
  },
  {
    id: 'data-security',
    question: 'Is my data secure?',
    answer: (
      <p>
        Yes. Only the people on a move can see it, and the server checks that on every request. Connections are
        encrypted, passwords are stored as one-way hashes, and you can turn on two-factor authentication in Settings.
        Documents open through links that last five minutes and work only for you; every upload, view, download and
        signature goes into an activity trail whose entries are chained, so changes to it are detected. You can download
        your data or delete your account from Settings. Read our <AppLink to="/privacy">privacy policy</AppLink> for the
        detail.
      </p>
    ),
  },
  {
    id: 'professional-use',
    question: 'Can professionals use Homeward?',
    answer: (
      <p>
        Yes. Conveyancers, surveyors, mortgage brokers and estate agents join with a Pro account, list their firm in the
        marketplace and work their cases from a case board with SLA tracking. Accreditation tiers (Silver, Gold and
        Platinum) are earned from live results; see <AppLink to="/professionals/conveyancers">how tiers work</AppLink>.
      </p>
    ),
  },
]

import { Link } from 'react-router'
import {
  COMPLETION_FEE_GROSS_PENCE,
  planPrice,
  PRO_FEATURES,
  PRO_SEAT_ANNUAL_PENCE,
  PRO_SEAT_MONTHLY_PENCE,
  PRO_TRIAL_DAYS,
  splitGross,
} from '#shared/domain/billing.ts'
import { PageSection } from '../components/page-section'
import { Button } from '../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card'
import { CheckList } from '../features/public-site/components/check-list'
import { CtaBand } from '../features/public-site/components/cta-band'
import { PageHero } from '../features/public-site/components/page-hero'
import { formatGbpFromPence } from '../lib/formatters'
import { PublicPageMeta } from '../lib/page-meta'

const fee = splitGross(COMPLETION_FEE_GROSS_PENCE)
const monthlyWithVat = planPrice('month', 1).totalPence
const annualWithVat = planPrice('year', 1).totalPence

/** /pricing: what Homeward costs: free for movers with a completion fee, and Pro per seat for firms. */
export function Component() {
  const pageMeta = {
    title: 'Pricing',
    description: `Free for buyers and sellers, with a flat ${formatGbpFromPence(COMPLETION_FEE_GROSS_PENCE)} fee only when your move completes. Homeward Pro for firms from ${formatGbpFromPence(PRO_SEAT_MONTHLY_PENCE)} per seat per month.`,
  }
  return (
    <>
      <PublicPageMeta {...pageMeta} />
      <PageHero eyebrow="Pricing" title="Free to move. Pro for the professionals.">
        <p>
          Buyers and sellers use Homeward free. A single flat fee is charged only when a move completes, and
          professionals pay per seat for the tools that run their firm.
        </p>
      </PageHero>

      <PageSection title="For buyers and sellers" intro="Everything you need to move, with no subscription.">
        <div className="grid gap-4 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Free to use</CardTitle>
            </CardHeader>
            <CardContent>
              <CheckList
                items={[
                  'One shared timeline with everyone on your move',
                  'Documents, chat and e-signing',
                  'Invite your conveyancer, agent, broker and surveyor',
                  'Identity checks and source of funds online',
                ].map((title) => ({ title }))}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                Completion fee:{' '}
                <span data-testid="completion-fee">{formatGbpFromPence(COMPLETION_FEE_GROSS_PENCE)}</span> including VAT
              </CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-2">
              <p>
                One flat fee per move ({formatGbpFromPence(fee.netPence)} plus VAT of {formatGbpFromPence(fee.vatPence)}
                ), paid by the seller when the sale completes. If no seller uses Homeward, the buyer pays it.
              </p>
              <p>
                It is shown on your move from the start, and you accept it there by saving a card: it is charged to that
                card only when completion is recorded. Nothing is charged if your sale or purchase does not complete.
                You get a receipt by email.
              </p>
            </CardContent>
          </Card>
        </div>
      </PageSection>

      <PageSection
        title="Homeward Pro for firms"
        intro={`Conveyancers, estate agents, brokers and surveyors: every new firm gets ${PRO_TRIAL_DAYS} days of Pro free, no card needed.`}
      >
        <div className="grid gap-4 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Monthly</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-2">
              <p className="text-3xl font-bold">
                {formatGbpFromPence(PRO_SEAT_MONTHLY_PENCE)}
                <span className="text-base font-normal text-muted-foreground"> per seat per month + VAT</span>
              </p>
              <p className="text-sm text-muted-foreground">
                {formatGbpFromPence(monthlyWithVat)} including VAT. Cancel any time.
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Annual: two months free</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-2">
              <p className="text-3xl font-bold">
                {formatGbpFromPence(PRO_SEAT_ANNUAL_PENCE)}
                <span className="text-base font-normal text-muted-foreground"> per seat per year + VAT</span>
              </p>
              <p className="text-sm text-muted-foreground">
                {formatGbpFromPence(annualWithVat)} including VAT: ten months' price for twelve.
              </p>
            </CardContent>
          </Card>
        </div>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div>
            <h3 className="mb-2 text-lg font-semibold">What Pro includes</h3>
            <CheckList items={PRO_FEATURES.map((title) => ({ title }))} />
          </div>
          <div className="flex flex-col gap-2">
            <h3 className="text-lg font-semibold">How seats work</h3>
            <p>
              A seat is one member of your firm. Add or remove seats whenever you like from your firm's billing page.
            </p>
            <p>
              Changes are prorated: adding a seat mid-month charges only the rest of the month, and removing one credits
              it. VAT at 20% is shown on every invoice, which you can download as a PDF.
            </p>
            <p>
              If Pro lapses, your firm keeps all its cases, clocks and settings; the professional tools reopen as soon
              as you subscribe again.
            </p>
          </div>
        </div>
        <div className="mt-6">
          <Button asChild size="lg">
            <Link to="/auth">Start your free trial</Link>
          </Button>
        </div>
      </PageSection>

      <CtaBand
        title="Ready to move?"
        actions={
          <Button asChild size="lg" variant="secondary">
            <Link to="/auth">Get Started</Link>
          </Button>
        }
      >
        <p>Create your free account in a minute.</p>
      </CtaBand>
    </>
  )
}

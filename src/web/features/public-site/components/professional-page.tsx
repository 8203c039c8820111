import type { ReactNode } from 'react'
import { AppLink } from '#web/lib/app-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { PublicPageMeta } from '#web/lib/page-meta.tsx'
import { BenefitGrid, type Benefit } from '#web/components/benefit-grid.tsx'
import { CtaBand } from './cta-band'
import { PageHero } from './page-hero'
import { PageSection } from '#web/components/page-section.tsx'

/**
 * The layout shared by the four professional pages (spec: Screens and routes): hero, four benefit cards,
 * optional extra sections, and a call to action to /auth.
 */
export function ProfessionalPage({
  meta,
  eyebrow,
  title,
  intro,
  benefitsTitle,
  benefits,
  children,
  ctaTitle,
  ctaText,
}: {
  meta: { title: string; description: string }
  eyebrow: string
  title: string
  intro: ReactNode
  benefitsTitle: string
  benefits: readonly Benefit[]
  children?: ReactNode
  ctaTitle: string
  ctaText: ReactNode
}) {
  return (
    <>
      <PublicPageMeta {...meta} />
      <PageHero
        eyebrow={eyebrow}
        title={title}
        actions={
          <>
            <Button asChild size="lg">
              <AppLink to="/auth">Join as a verified professional</AppLink>
            </Button>
            <Button asChild size="lg" variant="outline">
              <AppLink to="/marketplace">See the marketplace</AppLink>
            </Button>
          </>
        }
      >
        {intro}
      </PageHero>
      <PageSection title={benefitsTitle}>
        <BenefitGrid benefits={benefits} />
      </PageSection>
      {children}
      <CtaBand
        title={ctaTitle}
        actions={
          <Button asChild size="lg" variant="inverse">
            <AppLink to="/auth">Join as a Pro</AppLink>
          </Button>
        }
      >
        {ctaText}
      </CtaBand>
    </>
  )
}

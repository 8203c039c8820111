import { FaqAccordion } from '../features/help/components/faq-accordion'
import { SupportCards } from '../features/help/components/support-cards'
import { PublicPageMeta } from '../lib/page-meta'

/** /help: support options and the five FAQs (spec: Screens and routes). */
export function Component() {
  const pageMeta = {
    title: 'Help centre',
    description:
      'Get help with Homeward: browse answers to common questions, chat with us Monday to Friday 9am-5pm, or email support and hear back within 24 hours.',
  }
  return (
    <>
      <PublicPageMeta {...pageMeta} />
      <section className="bg-gradient-to-b from-primary-soft/60 to-background">
        <div className="mx-auto max-w-7xl px-4 pt-14 pb-10 sm:px-6 lg:px-8">
          <h1 className="text-4xl font-bold tracking-tight">How can we help?</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-700">
            Find an answer below, or get in touch with our UK support team.
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 pb-10 sm:px-6 lg:px-8">
        <SupportCards />
      </div>
      <section id="faqs" aria-labelledby="faqs-heading" className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="faqs-heading" className="mb-6 text-3xl font-bold tracking-tight">
          Frequently asked questions
        </h2>
        <FaqAccordion />
      </section>
    </>
  )
}

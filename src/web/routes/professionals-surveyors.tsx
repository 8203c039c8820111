import { CalendarDays, FileUp, PoundSterling, Star } from 'lucide-react'
import { ProfessionalPage } from '../features/public-site/components/professional-page'

/** /professionals/surveyors (spec: Screens and routes). */
export function Component() {
  return (
    <ProfessionalPage
      meta={{
        title: 'For surveyors',
        description:
          'Take RICS survey bookings from buyers already on a live timeline, upload reports securely and get paid promptly through Homeward.',
      }}
      eyebrow="For surveyors"
      title="Surveys booked, reports delivered, invoices paid"
      intro={
        <p>
          Buyers on Homeward book your Level 1, 2 and 3 surveys straight into your calendar, with access details and the
          agent already on the timeline.
        </p>
      }
      benefitsTitle="Everything a surveying practice needs"
      benefits={[
        {
          icon: CalendarDays,
          title: 'Booking calendar',
          text: 'Publish your availability by area and survey level; buyers book a slot and the agent confirms access.',
        },
        {
          icon: FileUp,
          title: 'Report upload',
          text: 'Upload your report once and it is shared securely with the buyer and, with their consent, their conveyancer.',
        },
        {
          icon: PoundSterling,
          title: 'Prompt payouts',
          text: 'Fees are collected at booking and paid out to you when the report is delivered, with no chasing invoices.',
        },
        {
          icon: Star,
          title: 'Reviews that count',
          text: 'Verified buyers rate your service, and your turnaround times build your accreditation tier.',
        },
      ]}
      ctaTitle="Grow your survey work with Homeward"
      ctaText="Set up your practice profile and calendar in under ten minutes."
    />
  )
}

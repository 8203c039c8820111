import { BookOpen, Mail, MessageCircle } from 'lucide-react'
import { useEffect, useState } from 'react'
import { AppLink } from '#web/lib/app-link.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { EMAIL_REPLY_PROMISE, SUPPORT_EMAIL, SUPPORT_HOURS_TEXT } from '#web/lib/contact.ts'
import { isSupportOpen, nextOpeningText } from '#web/lib/support-hours.ts'

/** The current time, refreshed every minute so 'open now' changes on the hour without a reload. */
function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs)
    return () => window.clearInterval(id)
  }, [intervalMs])
  return now
}

const MAILTO = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Help with Homeward')}`

/** Knowledge Base (jumps to the FAQs), Live Chat (hours, open now in UK time, the support chat), Email Support (mailto). */
export function SupportCards() {
  const now = useNow()
  const open = isSupportOpen(now)
  const nextOpening = nextOpeningText(now)
  // 'Open now' is the visitor's clock's answer, not the server's: the status appears once the page is live.
  const live = useHydrated()

  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
      <li className="flex">
        <Card className="w-full">
          <CardHeader>
            <BookOpen aria-hidden="true" className="size-6 text-primary" />
            <CardTitle as="h2">Knowledge Base</CardTitle>
            <CardDescription>
              Answers to the questions we are asked most, from costs to inviting your conveyancer.
            </CardDescription>
          </CardHeader>
          <CardFooter>
            <Button asChild variant="outline">
              <a href="#faqs">Browse the FAQs</a>
            </Button>
          </CardFooter>
        </Card>
      </li>
      <li className="flex">
        <Card className="w-full">
          <CardHeader>
            <MessageCircle aria-hidden="true" className="size-6 text-primary" />
            <CardTitle as="h2">Live Chat</CardTitle>
            <CardDescription>
              Write to our support team from your account. We answer in the chat and by email.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-sm font-medium">{SUPPORT_HOURS_TEXT}</p>
            {/* The line's height is kept while it is empty (before the page is live), so the status
                appearing moves nothing: a click on the cards' buttons at that moment lands where aimed. */}
            <p role="status" className="flex min-h-6 flex-wrap items-center gap-2 text-sm" data-testid="support-status">
              {!live ? null : open ? (
                <Badge variant="success">Open now</Badge>
              ) : (
                <>
                  <Badge variant="muted">Closed now</Badge>
                  <span className="text-muted-foreground">Opens {nextOpening}</span>
                </>
              )}
            </p>
          </CardContent>
          <CardFooter>
            {/* /app/support asks a signed-out person to sign in and brings them back to the chat. */}
            <Button asChild variant="outline">
              <AppLink to="/app/support">Start a chat</AppLink>
            </Button>
          </CardFooter>
        </Card>
      </li>
      <li className="flex">
        <Card className="w-full">
          <CardHeader>
            <Mail aria-hidden="true" className="size-6 text-primary" />
            <CardTitle as="h2">Email Support</CardTitle>
            <CardDescription>
              Write to {SUPPORT_EMAIL} any time. {EMAIL_REPLY_PROMISE}.
            </CardDescription>
          </CardHeader>
          <CardFooter>
            <Button asChild variant="outline">
              <a href={MAILTO}>Email support</a>
            </Button>
          </CardFooter>
        </Card>
      </li>
    </ul>
  )
}

import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { ApiTokensCard } from './api-tokens-card'
import { WebhooksCard } from './webhooks-card'

/**
 * The open API for one owner: the viewer's own tokens and webhook endpoints, or with `firmId` the
 * firm's API keys and endpoints (its admins), and how to call the API and check a signature.
 */
export function ApiAccessPanel({ firmId }: { firmId?: string }) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  return (
    <div className="flex flex-col gap-6">
      <ApiTokensCard firmId={firmId} />
      <WebhooksCard firmId={firmId} />
      <Card aria-labelledby={`api-howto-${firmId ?? 'me'}`}>
        <CardHeader>
          <CardTitle as="h2" id={`api-howto-${firmId ?? 'me'}`}>
            Using the API
          </CardTitle>
          <CardDescription>
            Every endpoint, with the scope it needs, is in the{' '}
            <a className="underline underline-offset-2" href="/api/openapi.json">
              OpenAPI document
            </a>
            . A token without the scope gets 403 naming it; a revoked or expired token gets 401.
          </CardDescription>
        </CardHeader>
        <pre
          className="rounded-md bg-muted p-3 font-mono text-xs break-all whitespace-pre-wrap"
          aria-label="Example request"
        >
          {`curl -H "Authorization: Bearer hw_pat_…" \\\n  ${origin}/api/transactions`}
        </pre>
        <p className="text-sm text-muted-foreground">
          Webhooks carry <code className="font-mono">webhook-id</code>,{' '}
          <code className="font-mono">webhook-timestamp</code> and <code className="font-mono">webhook-signature</code>{' '}
          headers: check them with any Standard Webhooks library and your endpoint’s signing secret, and answer 2xx
          within 10 seconds. The same <code className="font-mono">webhook-id</code> on a retry or a redelivery means the
          same event.
        </p>
      </Card>
    </div>
  )
}

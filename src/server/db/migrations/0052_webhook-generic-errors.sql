-- The webhook delivery log showed the owner a receiver's answer text and raw network errors, which
-- told open, closed and TLS ports apart and read back internal services' pages (the December 2026
-- battery's H1). webhook-worker.ts now writes only the status ("HTTP 500", "Redirect not followed
-- (HTTP 302)") or a generic class; this rewrites the rows written before to the same words.
-- docs/decisions/047-outbound-requests.md.
UPDATE "webhook_deliveries" SET "last_error" = CASE
    WHEN "last_error" ~ '^HTTP 3[0-9]{2}' THEN 'Redirect not followed (' || substring("last_error" from '^(HTTP 3[0-9]{2})') || ')'
    WHEN "last_error" ~ '^HTTP [0-9]{3}' THEN substring("last_error" from '^(HTTP [0-9]{3})')
    WHEN "last_error" LIKE 'No answer within%' OR "last_error" ~* 'timeout|timed out|ETIMEDOUT' THEN 'Timed out'
    WHEN "last_error" LIKE '%ECONNREFUSED%' THEN 'Connection refused'
    WHEN "last_error" ~ 'ENOTFOUND|EAI_AGAIN' THEN 'DNS lookup failed'
    WHEN "last_error" ~* 'certificate|TLS|SSL|EPROTO' THEN 'TLS error'
    ELSE 'Connection failed'
  END
WHERE "last_error" IS NOT NULL
  AND "last_error" NOT IN ('URL not allowed', 'Address not allowed', 'DNS lookup failed', 'Connection refused',
    'Timed out', 'TLS error', 'Connection failed', 'Could not send')
  AND "last_error" !~ '^(HTTP [124-9][0-9]{2}|Redirect not followed \(HTTP 3[0-9]{2}\))$';

/**
 * Every free-text string a request carries goes through the display-text rule (issue 36 item 7,
 * December battery L8): this walks the request schemas (bodies and query strings) of every endpoint
 * in the catalogue and lists each string field that is neither cleaned by singleLine or multiLine
 * (displayLine / displayText / displayJson in common.ts, or `.overwrite(singleLine)`) nor
 * constrained by a closed format (id, email, date ...), an enum, or a closed pattern. The few that
 * may carry anything are in ALLOWED, each with its reason.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { cleanJsonText, multiLine, singleLine } from '../domain/plain-text'
import { allEndpoints } from './catalogue'
import { displayJson, displayLine, displayText } from './common'
import { CreateApiTokenInput, CreateWebhookEndpointInput } from './api-access'
import { CreateThreadInput, EditMessageInput, PostMessageInput } from './chat'

/** Fields that may hold any characters: `METHOD path part.field` -> why that is safe. */
const ALLOWED: Record<string, string> = {
  'POST /account/delete body.password': 'a password: checked against its hash, never stored or shown',
  'POST /account/delete body.confirmation': "compared with the account's email or the word DELETE, never stored",
  'POST /transactions/{txId}/documents body[application/octet-stream]': "the file's bytes, not text",
  'POST /transactions/{txId}/documents query.filename':
    'cleaned by sanitiseDisplayName (shared/domain/document-files.ts) once the type is known: drops every Cc and Cf',
  'POST /logbooks/{logbookId}/documents query.filename':
    'cleaned by sanitiseDisplayName (shared/domain/document-files.ts) once the type is known: drops every Cc and Cf',
  'POST /transactions body.postcode':
    'must pass the one postcode rule (shared/domain/postcode.ts); stored in its normalised form',
  'POST /matters body.postcode':
    'must pass the one postcode rule (shared/domain/postcode.ts); stored in its normalised form',
  'POST /transactions/{txId}/deposit/releases body.payee.sort_code': 'must be six digits once spaces and hyphens go',
  'POST /academy/courses/{slug}/attempts body.answers{key}': "question ids, matched against the course's quiz",
  'POST /transactions/pdtf-import body.pack{key}':
    'a PDTF pack: only its mapped fields are kept, and they go through CreateTransactionInput (displayLine)',
  'POST /transactions/pdtf-import body.pack{} (any JSON)':
    'a PDTF pack: only its mapped fields are kept, and they go through CreateTransactionInput (displayLine)',
  'POST /transactions/pdtf-import/preview body.pack{key}':
    'a PDTF pack: only read, never stored; what the answer repeats of it is cleaned as the import cleans it',
  'POST /transactions/pdtf-import/preview body.pack{} (any JSON)':
    'a PDTF pack: only read, never stored; what the answer repeats of it is cleaned as the import cleans it',
  'POST /transactions/{txId}/funds/bank-consents body.bank_id': "looked up in the open-banking provider's bank list",
  'POST /gifts/{giftId}/bank-consents body.bank_id': "looked up in the open-banking provider's bank list",
  'PUT /transactions/{txId}/funds/explanations body.transaction_id': "looked up in the account's bank feed",
  'POST /transactions/{txId}/forms/{form}/evidence body.question': "looked up in the form's questions (422 if unknown)",
  'GET /files/{docId} query.d': 'signed download link parameters: checked against their HMAC, never stored',
  'GET /files/{docId} query.u': 'signed download link parameters: checked against their HMAC, never stored',
  'GET /files/{docId} query.e': 'signed download link parameters: checked against their HMAC, never stored',
  'GET /files/{docId} query.s': 'signed download link parameters: checked against their HMAC, never stored',
  'GET /firm/listings query.q': 'a search term: matched, never stored',
  'GET /cases query.q': 'a search term: matched, never stored',
  'GET /pipeline query.q': 'a search term: matched, never stored',
  'PATCH /firms/{orgId}/profile body.offices[].postcode':
    'must pass the one postcode rule (shared/domain/postcode.ts); stored in its normalised form',
  'PATCH /firms/{orgId}/profile body.regulator_number':
    "spaces removed and upper-cased, then checked against the regulator's number format (regulatorNumberProblem) before it is stored",
  'PATCH /firms/{orgId}/profile body.services[]': "each must be a key of the firm's trade's services (422 otherwise)",
  'PATCH /firms/{orgId}/profile body.website':
    'must be an http(s) URL whose host is a domain name (z.url with z.regexes.domain)',
  'POST /firms/{orgId}/logo body[application/octet-stream]': "the image's bytes, not text",
  'GET /pipeline query.lender': 'a filter matched against lender names, never stored',
  'POST /enquiry-links/{token}/uploads body[application/octet-stream]': "the file's bytes, not text",
  'POST /enquiry-links/{token}/uploads query.filename':
    'cleaned by sanitiseDisplayName (shared/domain/document-files.ts) once the type is known: drops every Cc and Cf',
  'POST /transactions/{txId}/surveys/bookings body.payment_method':
    "a card reference handed to the payments provider, never stored or shown (the provider's charge reference is)",
  'POST /transactions/{txId}/surveys/bookings body.terms_version':
    'compared with the current terms of engagement version (422 otherwise), never stored as typed',
  'GET /portfolio query.q': 'a search term: matched, never stored',
  'GET /cases query.stage': 'a filter matched against stage names, never stored',
  'GET /cases query.cursor': 'an opaque paging cursor, decoded and checked, never stored',
  'GET /firms/{orgId}/events query.cursor': 'an opaque paging cursor, decoded and checked, never stored',
  'GET /mortgages/{txId}/lender-pack query.documents': 'a comma-separated list of document ids, each checked',
  'POST /gifts/{giftId}/sign body.signature_png': 'a PNG data URL of the drawn signature: shown as an image only',
  'POST /transactions/{txId}/signature-requests/{reqId}/sign body.signature_png':
    'a PNG data URL of the drawn signature: shown as an image only',
  'PUT /me/identity-check/{checkId}/document body.image.data_base64':
    'an image in base64, sent to the identity provider',
  'PUT /me/identity-check/{checkId}/selfie body.image.data_base64': 'an image in base64, sent to the identity provider',
  'POST /matters/import body.csv':
    'a CSV, never stored: each row goes through OpenMatterInput (displayLine) before anything is kept',
  'PUT /transactions/{txId}/cdd/{profileId}/countries body.nationality':
    'an ISO 3166-1 alpha-2 code, refined to one of COUNTRIES (two capital letters)',
  'PUT /transactions/{txId}/cdd/{profileId}/countries body.residence_country':
    'an ISO 3166-1 alpha-2 code, refined to one of COUNTRIES (two capital letters)',
  'GET /address-lookup query.postcode':
    'must pass the one postcode rule (shared/domain/postcode.ts); normalised, never stored',
  'PUT /me/identity-check/{checkId}/address body.postcode':
    'must pass the one postcode rule (shared/domain/postcode.ts); stored in its normalised form',
  'POST /portfolio/sales body.postcode':
    'must pass the one postcode rule (shared/domain/postcode.ts); stored in its normalised form',
}

type Def = {
  type: string
  format?: string
  checks?: Array<{ _zod: { def: { check: string; format?: string; pattern?: RegExp; tx?: unknown } } }>
  [key: string]: unknown
}
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def: Def } } | undefined)?._zod?.def

const RULES = new Set<unknown>([singleLine, multiLine, cleanJsonText])
const cleaned = (def: Def) =>
  (def.checks ?? []).some((c) => c._zod.def.check === 'overwrite' && RULES.has(c._zod.def.tx))

/**
 * A pattern every matching string of which is free of control characters: anchored at both ends and
 * built from explicit character classes only (no `.`, `\S`, `\W`, `\D` or negated class).
 */
function closedPattern(pattern: RegExp): boolean {
  const src = pattern.source
  return src.startsWith('^') && src.endsWith('$') && !/(^|[^\\])\.|\\[SWD]|\[\^/.test(src)
}

/**
 * zod string formats whose patterns admit no control or bidi character. Not 'url': z.url() checks the
 * string with the URL parser but keeps it as given, bidi controls included.
 */
const CLOSED_FORMATS = new Set([
  'guid',
  'uuid',
  'email',
  'date',
  'datetime',
  'time',
  'duration',
  'ipv4',
  'ipv6',
  'e164',
  'cuid',
  'cuid2',
  'ulid',
  'nanoid',
  'xid',
  'ksuid',
  'base64',
  'base64url',
])

/** A string schema that holds no control or bidi characters: cleaned, or a closed format, or a closed pattern. */
function safeString(def: Def): boolean {
  if (cleaned(def) || (def.format && CLOSED_FORMATS.has(def.format))) return true
  return (def.checks ?? []).some((c) => c._zod.def.format === 'regex' && closedPattern(c._zod.def.pattern!))
}

/** The field paths under `schema` whose strings (or free JSON) are not known to be clean. */
function uncleanFields(schema: unknown, path: string, found: Set<string>): void {
  const def = defOf(schema)
  if (!def) return
  switch (def.type) {
    case 'string':
      if (!safeString(def)) found.add(path)
      return
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        uncleanFields(value, `${path}.${key}`, found)
      }
      if (def.catchall) uncleanFields(def.catchall, `${path}.*`, found)
      return
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return uncleanFields(def.innerType, path, found)
    case 'array':
      return uncleanFields(def.element, `${path}[]`, found)
    case 'union':
      for (const option of def.options as unknown[]) uncleanFields(option, path, found)
      return
    case 'intersection':
      uncleanFields(def.left, path, found)
      uncleanFields(def.right, path, found)
      return
    case 'tuple':
      ;(def.items as unknown[]).forEach((item, i) => uncleanFields(item, `${path}[${i}]`, found))
      return
    case 'record':
      if (cleaned(def)) return
      uncleanFields(def.keyType, `${path}{key}`, found)
      uncleanFields(def.valueType, `${path}{}`, found)
      return
    case 'pipe': {
      // z.string().pipe(z.email()): the checked output vouches for the input.
      const out = defOf(def.out)
      if (out?.type === 'string' && safeString(out)) return
      uncleanFields(def.in, path, found)
      uncleanFields(def.out, path, found)
      return
    }
    case 'lazy':
      return uncleanFields((def.getter as () => unknown)(), path, found)
    case 'unknown':
    case 'any':
    case 'custom':
      found.add(`${path} (any JSON)`)
      return
    default:
      return // numbers, booleans, enums, literals, dates, transforms' outputs ...
  }
}

/** `METHOD path part.field` of every request string field without the rule, over the whole catalogue. */
function catalogueUncleanFields(): string[] {
  const found = new Set<string>()
  for (const e of allEndpoints()) {
    const route = `${e.method.toUpperCase()} ${e.path}`
    for (const [type, { schema }] of Object.entries(e.request?.body?.content ?? {})) {
      uncleanFields(schema, `${route} ${type === 'application/json' ? 'body' : `body[${type}]`}`, found)
    }
    if (e.request?.query) uncleanFields(e.request.query, `${route} query`, found)
  }
  return [...found].sort()
}

describe('display strings in the request contracts', () => {
  const unclean = catalogueUncleanFields()

  it('every free-text field of every request is cleaned by the display rule, or allowed with a reason', () => {
    expect(unclean.filter((path) => !Object.hasOwn(ALLOWED, path))).toEqual([])
  })

  it('every allowed exception still exists (no stale entries)', () => {
    expect(Object.keys(ALLOWED).filter((path) => !unclean.includes(path))).toEqual([])
  })

  it('the walker finds a raw string, free JSON and an open pattern, and passes the rule and formats', () => {
    const found = new Set<string>()
    const schema = z.object({
      raw: z.string().trim(),
      line: displayLine().min(1),
      text: displayText().optional(),
      json: displayJson(),
      free: z.record(z.string(), z.unknown()),
      email: z.email(),
      url: z.url(),
      digits: z.string().regex(/^[0-9]{4}$/),
      open: z.string().regex(/^.+$/),
      piped: z.string().trim().pipe(z.email()),
      transformed: z.string().transform((v) => v.trim()),
      list: z.array(z.object({ name: z.string() })),
    })
    uncleanFields(schema, 'x', found)
    expect([...found].sort()).toEqual(
      ['x.free{} (any JSON)', 'x.free{key}', 'x.list[].name', 'x.open', 'x.raw', 'x.transformed', 'x.url'].sort(),
    )
  })
})

const ESC = '\u001b'
const BEL = '\u0007'
const RLO = '\u202e'
const OSC8 = `${ESC}]8;;https://evil.example/${ESC}\\click${ESC}]8;;${ESC}\\`
const DIRTY = `a${ESC}[31mred${BEL}${RLO}txt.exe ${OSC8}`

describe('the battery reproductions at the zod edge (L8)', () => {
  it('a token name loses ESC, BEL, U+202E and the OSC-8 escapes', () => {
    const { name } = CreateApiTokenInput.parse({ name: DIRTY, scopes: ['transactions:read'], expires_in_days: null })
    expect(name).toBe('a [31mred txt.exe ]8;;https://evil.example/ \\click ]8;; \\')
  })

  it('a webhook description and URL are cleaned the same way', () => {
    const parsed = CreateWebhookEndpointInput.parse({
      url: `https://hooks.example/${RLO}x`,
      description: `a${ESC}[31mred${BEL}`,
      event_types: ['task.completed'],
    })
    expect(parsed.description).toBe('a [31mred')
    expect(parsed.url).toBe('https://hooks.example/x')
  })

  it('a chat message keeps its lines and tabs but loses the controls', () => {
    const body = `line one\r\n\tline two ${DIRTY}`
    const expected = 'line one\n\tline two a [31mred txt.exe  ]8;;https://evil.example/ \\click ]8;; \\'
    expect(PostMessageInput.parse({ body_md: body }).body_md).toBe(expected)
    expect(EditMessageInput.parse({ body_md: body }).body_md).toBe(expected)
    expect(CreateThreadInput.parse({ topic: 'other', title: `T${ESC}itle`, body_md: body })).toMatchObject({
      title: 'T itle',
      body_md: expected,
    })
  })

  it('a message of nothing but controls is refused as empty', () => {
    expect(PostMessageInput.safeParse({ body_md: `${RLO}${RLO}` }).success).toBe(false)
  })
})

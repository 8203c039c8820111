/**
 * What an identity check checked, and what level it can be said to reach. The UK digital identity
 * and attributes trust framework (DSIT, with GPG 45's levels of confidence) is applied by the
 * certified identity service provider: Homeward reports the level the provider gives and never
 * raises it. HM Land Registry's digital identity standard (Practice Guide 81, "Evidence of identity:
 * conveyancers", its safe harbour) needs a check by a certified provider to medium confidence with the
 * document's chip read and its signature verified (NFC): so "meets PG81" is said only when the
 * provider reports a chip read on a verified check at medium confidence, with the face match and
 * liveness passed. A UK photocard driving licence has no chip, so it never meets PG81 here.
 * Pure; shared by the server's views and the web app's wording.
 */

/** One thing a check may have done, with whether it did: null when the provider has not answered. */
export interface AssuranceItem {
  key: 'document' | 'mrz' | 'face_match' | 'liveness' | 'chip'
  label: string
  done: boolean | null
}

export interface AssuranceInput {
  status: 'in_progress' | 'processing' | 'verified' | 'needs_review' | 'failed'
  documentType: 'passport' | 'driving_licence' | null
  documentAuthentic: boolean | null
  faceMatch: boolean | null
  liveness: boolean | null
  chipRead: boolean | null
  /** The provider's trust framework confidence: 'medium', 'low' or null. */
  confidence: string | null
}

export interface Assurance {
  checks: AssuranceItem[]
  /** The trust framework level the provider reports: 'medium', 'low', or null (none reached). */
  level: 'medium' | 'low' | null
  meetsPg81: boolean
  /** One sentence saying whether PG81's standard is met, and if not, why. */
  pg81: string
}

/** The assurance of a check (see the module docstring for the rule and its sources). */
export function identityAssurance(input: AssuranceInput): Assurance {
  const answered = input.status === 'verified' || input.status === 'needs_review' || input.status === 'failed'
  const passport = input.documentType === 'passport'
  // A licence has no chip: a provider's claim of one is not believed.
  const chip = passport ? input.chipRead === true : false
  const checks: AssuranceItem[] = [
    {
      key: 'document',
      label: 'Document data and security features',
      done: answered ? input.documentAuthentic === true : null,
    },
    // Checked on our side before the check is sent (identity-documents.ts); a licence has no MRZ.
    { key: 'mrz', label: 'MRZ check digits (ICAO Doc 9303)', done: input.documentType ? passport : null },
    {
      key: 'face_match',
      label: 'Face match with the document photo',
      done: answered ? input.faceMatch === true : null,
    },
    {
      key: 'liveness',
      label: 'Liveness (a live person, not a photo)',
      done: answered ? input.liveness === true : null,
    },
    { key: 'chip', label: "Document's chip read and verified (NFC)", done: answered ? chip : null },
  ]
  const level = answered && (input.confidence === 'medium' || input.confidence === 'low') ? input.confidence : null
  const meetsPg81 =
    input.status === 'verified' &&
    level === 'medium' &&
    chip &&
    input.faceMatch === true &&
    input.liveness === true &&
    input.documentAuthentic === true
  let pg81: string
  if (meetsPg81) {
    pg81 = "Meets HM Land Registry's digital identity standard (PG81): medium confidence with the passport's chip read"
  } else if (!answered) {
    pg81 = 'PG81: not known until the provider answers'
  } else if (input.status !== 'verified') {
    pg81 = "Does not meet HM Land Registry's digital identity standard (PG81): the check was not verified"
  } else if (!chip) {
    pg81 =
      input.documentType === 'driving_licence'
        ? "Does not meet HM Land Registry's digital identity standard (PG81): a driving licence has no chip to read"
        : "Does not meet HM Land Registry's digital identity standard (PG81): the passport's chip was not read"
  } else {
    pg81 = "Does not meet HM Land Registry's digital identity standard (PG81): it needs medium confidence"
  }
  return { checks, level, meetsPg81, pg81 }
}

/**
 * The language a person reads Homeward's emails in: English or Cymraeg (Welsh). The Welsh Language
 * Standards ask public bodies to correspond in Welsh with whoever asks; Homeward is not bound by them
 * but follows their first step: it asks, stores the answer and greets in it. Full translation of the
 * emails' bodies is not done yet (decision 067).
 */

export const ACCOUNT_LANGUAGES = ['en', 'cy'] as const
export type AccountLanguage = (typeof ACCOUNT_LANGUAGES)[number]

/** How each language is named in the settings (each in its own language, as GOV.UK's switcher does). */
export const ACCOUNT_LANGUAGE_LABELS: Record<AccountLanguage, string> = { en: 'English', cy: 'Cymraeg' }

/**
 * An email's opening line for `name` in `language`: 'Hello Jane Smith,' or 'Annwyl Jane Smith,'
 * ('Dear', the usual opening of a Welsh letter or email). Without a name: 'Hello,' or 'Helo,'.
 */
export function emailGreeting(name: string | null | undefined, language: AccountLanguage | null | undefined): string {
  const who = name?.trim()
  if (language === 'cy') return who ? `Annwyl ${who},` : 'Helo,'
  return who ? `Hello ${who},` : 'Hello,'
}

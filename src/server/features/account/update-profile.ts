/**
 * Changes the person's full name: profiles.full_name, which the app shows, and
 * Better Auth's user.name, which its session answers carry, in one database transaction; and, when
 * given, the language their emails greet them in (profiles.language, decision 067).
 */
import { eq } from 'drizzle-orm'
import type { AccountProfile } from '#shared/contracts/account.ts'
import type { AccountLanguage } from '#shared/domain/account-language.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { profiles, user } from '#server/db/schema/index.ts'

export async function updateProfile(options: {
  database: Database
  viewer: Viewer
  fullName: string
  language?: AccountLanguage
}): Promise<AccountProfile> {
  const { database, viewer, fullName, language } = options
  const now = new Date()
  const saved = await database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ fullName, updatedAt: now, ...(language ? { language } : {}) })
      .where(eq(profiles.id, viewer.profileId))
      .returning({ language: profiles.language })
    await tx.update(user).set({ name: fullName, updatedAt: now }).where(eq(user.id, viewer.authId))
    return row
  })
  return { fullName, email: viewer.email, language: saved?.language ?? 'en' }
}

/** The person's profile as Settings shows it: the viewer's name and email, and the stored language. */
export async function readProfile(options: { database: Database; viewer: Viewer }): Promise<AccountProfile> {
  const { database, viewer } = options
  const [row] = await database.db
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, viewer.profileId))
  return { fullName: viewer.fullName, email: viewer.email, language: row?.language ?? 'en' }
}

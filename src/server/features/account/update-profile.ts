/**
 * Changes the person's full name: profiles.full_name, which the app shows, and
 * Better Auth's user.name, which its session answers carry, in one database transaction.
 */
import { eq } from 'drizzle-orm'
import type { AccountProfile } from '#shared/contracts/account.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { profiles, user } from '#server/db/schema/index.ts'

export async function updateProfile(options: {
  database: Database
  viewer: Viewer
  fullName: string
}): Promise<AccountProfile> {
  const { database, viewer, fullName } = options
  const now = new Date()
  await database.db.transaction(async (tx) => {
    await tx.update(profiles).set({ fullName, updatedAt: now }).where(eq(profiles.id, viewer.profileId))
    await tx.update(user).set({ name: fullName, updatedAt: now }).where(eq(user.id, viewer.authId))
  })
  return { fullName, email: viewer.email }
}

/**
 * When a firm's profile is complete, and so listed in the marketplace: it has a description, a town
 * and a contact email (the onboarding step "Complete your firm's profile", src/shared/domain/onboarding.ts).
 * One rule used by the accreditation engine's facts, the directory, the firm page and the firm
 * profile. A regulator number is not required to be listed; only a verified one earns the badge
 * (docs/decisions/056-regulator-register.md).
 */

/** SQL condition over the organizations row aliased `alias`: its profile is complete (listed). */
export function profileCompleteSql(alias: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`Not an SQL alias: ${alias}`)
  return `(coalesce(${alias}.description, '') <> '' and coalesce(${alias}.town, '') <> '' and coalesce(${alias}.contact_email, '') <> '')`
}

/** The avatar letter: the first character of the email, upper-cased; '?' when empty (spec: Screens and routes). */
export function avatarLetter(email: string): string {
  return email.trim().charAt(0).toUpperCase() || '?'
}

/** Up to two initials of a full name ('Priya Shah' -> 'PS', 'Cher' -> 'C'); '?' when empty (People tab). */
export function initials(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  const first = words[0]!.charAt(0)
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : ''
  return (first + last).toUpperCase()
}

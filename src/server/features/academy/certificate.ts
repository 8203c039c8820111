/**
 * The CPD certificate of a passed Academy Lite course: a one-page A4 landscape PDF drawn with pdf-lib
 * (the library the built-in e-signature provider uses), naming the person, the course, its sources,
 * the CPD minutes, the date passed (dd MMM yyyy, Europe/London), the certificate number and the
 * address of its public check page (/certificates/{number}, check-certificate.ts). Only the
 * person who passed can download it: anyone else gets 404, as for a record that does not exist.
 */
import { sql } from 'drizzle-orm'
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import { certificateNumber, cpdDuration } from '#shared/domain/academy.ts'
import { certificatePath } from '#shared/paths.ts'
import { findCourse } from '#shared/domain/academy-courses.ts'
import { ukDate } from '#shared/domain/uk-time.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { notFound } from '#server/core/errors.ts'

// The standard fonts encode WinAnsi only: anything else becomes '?' rather than failing the PDF.
function winAnsi(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')
}

export interface Certificate {
  filename: string
  bytes: Uint8Array
}

/** The certificate PDF of the viewer's CPD record `recordId`; 404 when it is not theirs. */
export async function certificatePdf({
  database,
  viewer,
  recordId,
  siteUrl,
}: {
  database: Database
  viewer: Viewer
  recordId: string
  /** PUBLIC_URL: the certificate names its public check page, {siteUrl}/certificates/{number}. */
  siteUrl: string
}): Promise<Certificate> {
  const res = await database.db.execute(sql`select r.id, r.course_slug, r.course_title, r.cpd_minutes, r.score_percent,
      r.passed_at, p.full_name
    from cpd_records r join profiles p on p.id = r.profile_id
    where r.id = ${recordId} and r.profile_id = ${viewer.profileId}`)
  const row = res.rows[0] as
    | {
        id: string
        course_slug: string
        course_title: string
        cpd_minutes: number
        score_percent: number
        passed_at: string | Date
        full_name: string
      }
    | undefined
  if (!row) throw notFound('certificate')
  const number = certificateNumber(row.id)
  const sources = findCourse(row.course_slug)?.sources ?? []

  const doc = await PDFDocument.create()
  doc.setTitle(`CPD certificate ${number}`)
  doc.setAuthor('Homeward Academy Lite')
  doc.setSubject(row.course_title)
  doc.setCreationDate(new Date(row.passed_at))
  const page = doc.addPage([842, 595])
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const ink = rgb(0.1, 0.14, 0.2)
  const muted = rgb(0.38, 0.42, 0.48)
  const accent = rgb(0.12, 0.36, 0.33)
  page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: accent, borderWidth: 2 })
  const centre = (text: string, y: number, size: number, font = regular, color = ink) => {
    const t = winAnsi(text)
    page.drawText(t, { x: (842 - font.widthOfTextAtSize(t, size)) / 2, y, size, font, color })
  }
  centre('Homeward Academy Lite', 500, 14, bold, accent)
  centre('Certificate of CPD', 452, 32, bold)
  centre('This certifies that', 410, 12, regular, muted)
  centre(row.full_name, 376, 26, bold)
  centre('passed the assessment of', 340, 12, regular, muted)
  // Long titles wrap onto two lines.
  const title = winAnsi(row.course_title)
  if (bold.widthOfTextAtSize(title, 18) > 700) {
    const words = title.split(' ')
    const half = Math.ceil(words.length / 2)
    centre(words.slice(0, half).join(' '), 312, 18, bold)
    centre(words.slice(half).join(' '), 290, 18, bold)
  } else {
    centre(title, 304, 18, bold)
  }
  centre(
    `with a score of ${row.score_percent}% on ${ukDate(new Date(row.passed_at))}, recording ${cpdDuration(row.cpd_minutes)} of CPD.`,
    252,
    12,
  )
  let y = 206
  if (sources.length > 0) {
    centre('Written from:', y, 9, bold, muted)
    for (const s of sources.slice(0, 4)) {
      y -= 13
      centre(s.length > 140 ? `${s.slice(0, 137)}...` : s, y, 8.5, regular, muted)
    }
  }
  centre(`Certificate number ${number}`, 72, 10, bold)
  centre(`Check it with Homeward: ${siteUrl}${certificatePath(number)}`, 56, 8, regular, muted)
  centre('A training summary, not legal advice.', 44, 8, regular, muted)
  const bytes = await doc.save()
  return { filename: `${number}.pdf`, bytes }
}

/**
 * The home logbook: what a buyer, now the owner, keeps of their home after completion. The handed-over
 * documents are sorted into the categories a seller hands over in England and Wales (the Law Society's
 * TA6 asks for guarantees and warranties, building control completion certificates and FENSA/Gas Safe
 * certificates; the EPC and the title come with every sale), and the owner keeps a maintenance record.
 * When they sell, the logbook becomes the starting property pack of the sale, and at that sale's
 * completion it is handed over to the next owner with its maintenance record.
 */

/** Categories of a handed-over document, in the logbook's display order. */
export const LOGBOOK_DOCUMENT_CATEGORIES = [
  'property_information',
  'fittings_and_contents',
  'epc',
  'title',
  'guarantees_and_warranties',
  'building_control',
  'certificates',
  'other',
] as const
export type LogbookDocumentCategory = (typeof LOGBOOK_DOCUMENT_CATEGORIES)[number]

export const LOGBOOK_CATEGORY_LABELS: Record<LogbookDocumentCategory, string> = {
  property_information: 'Property information form (TA6)',
  fittings_and_contents: 'Fittings and contents form (TA10)',
  epc: 'Energy performance certificate',
  title: 'Title and register',
  guarantees_and_warranties: 'Guarantees and warranties',
  building_control: 'Building control and planning',
  certificates: 'Safety and installation certificates',
  other: 'Other documents',
}

/** Kinds of maintenance record entry. */
export const MAINTENANCE_KINDS = [
  'boiler_and_heating',
  'electrical',
  'plumbing',
  'roof_and_gutters',
  'windows_and_doors',
  'damp_and_timber',
  'decoration',
  'garden',
  'improvement',
  'other',
] as const
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number]

export const MAINTENANCE_KIND_LABELS: Record<MaintenanceKind, string> = {
  boiler_and_heating: 'Boiler and heating',
  electrical: 'Electrical',
  plumbing: 'Plumbing',
  roof_and_gutters: 'Roof and gutters',
  windows_and_doors: 'Windows and doors',
  damp_and_timber: 'Damp and timber',
  decoration: 'Decoration',
  garden: 'Garden and outside',
  improvement: 'Improvement or extension',
  other: 'Other',
}

/** The move's document folders whose documents are handed over at completion. */
export const HANDOVER_FOLDERS = ['Property', 'Fixtures'] as const

const RULES: Array<[RegExp, LogbookDocumentCategory]> = [
  [/\bta ?6\b|property information/i, 'property_information'],
  [/\bta ?10\b|fittings|contents form/i, 'fittings_and_contents'],
  [/\bepc\b|energy performance/i, 'epc'],
  [/\btitle\b|register|\boc1\b|title plan|\btp1\b|\btr1\b/i, 'title'],
  [/guarantee|warrant|nhbc|premier guarantee|labc warranty/i, 'guarantees_and_warranties'],
  [/building control|building regulation|completion certificate|planning/i, 'building_control'],
  [/fensa|gas safe|certificate|eicr|electrical installation|niceic|certass/i, 'certificates'],
]

/**
 * The logbook category of a document, from its file name (the name is what a seller's documents
 * carry: 'TA6 Property Information Form.pdf', 'EPC.pdf', 'FENSA certificate.pdf'). The first rule
 * that matches wins; the Fixtures folder defaults to the fittings and contents form, anything else
 * to 'other'.
 */
export function logbookCategoryFor(filename: string, folder: string): LogbookDocumentCategory {
  const name = filename.replace(/[_-]+/g, ' ')
  for (const [pattern, category] of RULES) if (pattern.test(name)) return category
  return folder === 'Fixtures' ? 'fittings_and_contents' : 'other'
}

/** Whether a move in this status can be archived: only once it has ended (completed or cancelled). */
export function canArchiveStatus(status: string): boolean {
  return status === 'completed' || status === 'cancelled'
}

/**
 * The e-signature provider interface (CONVENTIONS.md, providers/): what Homeward needs from whoever
 * produces signed documents. The built-in provider does it in-process with pdf-lib; an external
 * partner (a qualified trust service, say) can be configured behind the same interface later.
 * The workflow itself (who signs, in what order, consent, decline, cancel) lives in features/signing.
 */

/** One completed signature, as it goes onto the page and the certificate. */
export interface CompletedSignature {
  signerId: string
  fullName: string
  email: string
  method: 'typed' | 'drawn'
  /** The typed name, for method 'typed'. */
  typedName: string | null
  /** PNG bytes of the drawn signature, for method 'drawn'. */
  signaturePng: Buffer | null
  consentedAt: Date
  signedAt: Date
  ip: string | null
}

export interface SignedPdfInput {
  original: Buffer
  originalSha256: string
  documentName: string
  requestId: string
  /** 1-based page for the signatures; null adds a signature page. */
  page: number | null
  signatures: CompletedSignature[]
  completedAt: Date
}

export interface ESignatureProvider {
  readonly name: string
  /**
   * Checks that a PDF can be signed and returns its page count. Throws NotSignableError with a
   * reason a person can act on for encrypted, corrupt or empty PDFs.
   */
  inspect(pdf: Buffer): Promise<{ pageCount: number }>
  /**
   * Produces the signed PDF: each signature on the chosen page (or an added signature page) and a
   * certificate page. Returns the bytes and the SHA-256 (hex) of the signed content before the
   * certificate page was appended (printed on the certificate; the final file's own hash cannot be).
   */
  render(input: SignedPdfInput): Promise<{ pdf: Buffer; signedContentSha256: string }>
}

export class NotSignableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'NotSignableError'
  }
}

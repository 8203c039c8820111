/**
 * Reads a passport's machine readable zone from a photo, in the browser, with tesseract.js (the
 * Tesseract OCR engine compiled to WebAssembly). Everything it loads comes from our own origin:
 * the worker, the engine and the English trained data are copied from node_modules to /ocr/ by the
 * build (vite.config.ts, ocrAssets); nothing is fetched from a CDN, and the photo never leaves the
 * device for this. The text is then searched for the two lines of 44 characters and the lower one
 * must pass every ICAO 9303 check (findPassportMrz), so a misread is refused, not guessed: the person
 * types the line instead. Loaded only when a passport photo is chosen (a dynamic import).
 */
import { findPassportMrz, type Td3Reading } from '#shared/domain/identity-documents.ts'

const OCR_BASE = '/ocr'
/** The MRZ alphabet (ICAO 9303 part 3): capitals, digits and the filler. */
const MRZ_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<'

/** Draws the photo on a canvas at most `maxWidth` wide, in grey, and returns it as a PNG blob. */
async function prepare(file: Blob, maxWidth = 1600): Promise<Blob> {
  const bitmap = await createImageBitmap(file)
  const scale = Math.min(1, maxWidth / bitmap.width)
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(bitmap.width * scale)
  canvas.height = Math.round(bitmap.height * scale)
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('This browser cannot read photos')
  ctx.filter = 'grayscale(1) contrast(1.4)'
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('This browser cannot read photos'))), 'image/png'),
  )
}

/**
 * The MRZ read from a photo of a passport's photo page, or null when none could be read with every
 * check digit right. `today` (yyyy-mm-dd) dates the check as parsePassportMrzLine2 does. Throws only
 * when the engine cannot start (the caller then asks for typing).
 */
export async function readPassportMrz(photo: Blob, today: string): Promise<Td3Reading | null> {
  const { createWorker, PSM } = await import('tesseract.js')
  const worker = await createWorker('eng', 1, {
    workerPath: `${OCR_BASE}/worker.min.js`,
    corePath: OCR_BASE,
    langPath: OCR_BASE,
    // A same-origin worker script, not a blob: the Content-Security-Policy allows only 'self'.
    workerBlobURL: false,
    gzip: true,
  })
  try {
    await worker.setParameters({
      tessedit_char_whitelist: MRZ_CHARACTERS,
      tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
      preserve_interword_spaces: '0',
    })
    const image = await prepare(photo)
    const { data } = await worker.recognize(image)
    return findPassportMrz(data.text, today)
  } finally {
    await worker.terminate()
  }
}

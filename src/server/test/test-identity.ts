/** Test data for identity checks: a valid passport MRZ lower line, and the smallest images the sniffer accepts. */
import { mrzCheckDigit } from '#shared/domain/identity-documents.ts'

/** A TD3 lower line with correct check digits; dates are YYMMDD. */
export function passportMrzLine(
  opts: { number?: string; dob?: string; expiry?: string; sex?: 'M' | 'F' } = {},
): string {
  const number = (opts.number ?? '123456789').padEnd(9, '<')
  const dob = opts.dob ?? '850314'
  const expiry = opts.expiry ?? '330630'
  const personal = '<'.repeat(14)
  const body = `${number}${mrzCheckDigit(number)}GBR${dob}${mrzCheckDigit(dob)}${opts.sex ?? 'F'}${expiry}${mrzCheckDigit(expiry)}${personal}0`
  return body + mrzCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43))
}

/** Bytes that start like a JPEG (the sandbox accepts any image), base64. */
export const JPEG_BASE64 = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]).toString(
  'base64',
)
/** Bytes that are no image at all, base64. */
export const NOT_AN_IMAGE_BASE64 = Buffer.alloc(300, 65).toString('base64')

/**
 * Homeward's published contact details, in one place so that the help page, footer and legal
 * pages never disagree. Support hours and reply time are from spec: What the product does; Business constants and limits.
 */
export const COMPANY_NAME = 'Homeward Ltd'
export const PARENT_COMPANY_NAME = 'Homeward Group Holdings Ltd'
export const SUPPORT_EMAIL = 'support@homeward.co.uk'
export const PRIVACY_EMAIL = 'privacy@homeward.co.uk'
export const LEGAL_EMAIL = 'legal@homeward.co.uk'
export const POSTAL_ADDRESS = 'Homeward Ltd, 1 Temple Quay, Bristol BS1 6DG'
export const SUPPORT_HOURS_TEXT = 'Monday to Friday 9am-5pm GMT'
export const EMAIL_REPLY_PROMISE = 'We reply within 24 hours'

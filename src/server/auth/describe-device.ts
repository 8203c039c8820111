/**
 * A person-readable device from a User-Agent header, e.g. 'Chrome on Windows', 'Safari on iPhone'.
 * Deliberately small: browser family and operating system only, checked in the order that matters
 * (Edge and Opera also say 'Chrome'; Chrome also says 'Safari'). Other clients show their first
 * product token ('curl'); no header gives 'Unknown device'.
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdgA?\/|\bEdgiOS\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\bAppleWebKit\/.*\bMobile\//, 'Safari'],
]

const SYSTEMS: Array<[RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

/** 'Browser on System', or what can be said of it; at most 80 characters. */
export function describeDevice(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').trim()
  if (!ua) return 'Unknown device'
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1]
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1]
  if (browser && system) return `${browser} on ${system}`
  if (browser) return browser
  if (system) return `Browser on ${system}`
  const product = /^([A-Za-z][\w.-]{0,40})/.exec(ua)?.[1]
  return product ?? 'Unknown device'
}

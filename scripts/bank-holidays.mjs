#!/usr/bin/env node
/**
 * Refreshes src/shared/domain/bank-holidays-england-and-wales.json from GOV.UK's official list of
 * UK bank holidays (https://www.gov.uk/bank-holidays.json, the 'england-and-wales' division; Open
 * Government Licence v3.0). GOV.UK publishes about two years ahead; for the years after its last one,
 * up to --until, the usual holidays are derived from their statutory rules (Banking and Financial
 * Dealings Act 1971, Schedule 1, and the royal proclamations for New Year's Day and the early May
 * bank holiday) and marked `provisional: true`, to be replaced by the official list when GOV.UK
 * publishes it (a one-off holiday, such as a coronation, only the official list can add).
 *
 *   npm run bank-holidays                                  # fetch GOV.UK, derive up to --until (default 2028)
 *   npm run bank-holidays -- --from bank-holidays.json     # a file downloaded from GOV.UK
 *   npm run bank-holidays -- --from file.json --until 2030
 *
 * A year before the list ends the start log warns, and firm admins see the same notice by their SLA
 * targets (bankHolidayDataWarning, src/shared/domain/working-days.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const SOURCE = 'https://www.gov.uk/bank-holidays.json'
const OUT = fileURLToPath(new URL('../src/shared/domain/bank-holidays-england-and-wales.json', import.meta.url))

const args = process.argv.slice(2)
const arg = (name) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const until = Number(arg('--until') ?? 2028)
const from = arg('--from')

const feed = from ? JSON.parse(readFileSync(from, 'utf8')) : await (await fetch(SOURCE)).json()
const official = feed['england-and-wales'].events.map((e) => ({ ...e, provisional: false }))
const lastOfficialYear = Math.max(...official.map((e) => Number(e.date.slice(0, 4))))

const iso = (d) => d.toISOString().slice(0, 10)
const utc = (y, m, d) => new Date(Date.UTC(y, m - 1, d))
const addDays = (d, n) => new Date(d.getTime() + n * 86_400_000)
/** Gregorian Easter Sunday (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
function easter(y) {
  const a = y % 19,
    b = Math.floor(y / 100),
    c = y % 100,
    d = Math.floor(b / 4),
    e = b % 4
  const f = Math.floor((b + 8) / 25),
    g = Math.floor((b - f + 1) / 3),
    h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4),
    k = c % 4,
    l = (32 + 2 * e + 2 * i - h - k) % 7,
    m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31),
    day = ((h + l - 7 * m + 114) % 31) + 1
  return utc(y, month, day)
}
const firstMonday = (y, m) => {
  let d = utc(y, m, 1)
  while (d.getUTCDay() !== 1) d = addDays(d, 1)
  return d
}
const lastMonday = (y, m) => {
  let d = addDays(utc(y, m + 1, 1), -1)
  while (d.getUTCDay() !== 1) d = addDays(d, -1)
  return d
}
const ev = (title, date, notes = '') => ({
  title,
  date: iso(date),
  notes,
  bunting: title !== 'Good Friday',
  provisional: true,
})

function derive(y) {
  const out = []
  const ny = utc(y, 1, 1)
  const nyDow = ny.getUTCDay()
  out.push(
    nyDow === 6
      ? ev('New Year’s Day', addDays(ny, 2), 'Substitute day')
      : nyDow === 0
        ? ev('New Year’s Day', addDays(ny, 1), 'Substitute day')
        : ev('New Year’s Day', ny),
  )
  const e = easter(y)
  out.push(ev('Good Friday', addDays(e, -2)), ev('Easter Monday', addDays(e, 1)))
  out.push(
    ev('Early May bank holiday', firstMonday(y, 5)),
    ev('Spring bank holiday', lastMonday(y, 5)),
    ev('Summer bank holiday', lastMonday(y, 8)),
  )
  const xmasDow = utc(y, 12, 25).getUTCDay()
  if (xmasDow === 6)
    out.push(ev('Christmas Day', utc(y, 12, 27), 'Substitute day'), ev('Boxing Day', utc(y, 12, 28), 'Substitute day'))
  else if (xmasDow === 0)
    out.push(ev('Boxing Day', utc(y, 12, 26)), ev('Christmas Day', utc(y, 12, 27), 'Substitute day'))
  else if (xmasDow === 5)
    out.push(ev('Christmas Day', utc(y, 12, 25)), ev('Boxing Day', utc(y, 12, 28), 'Substitute day'))
  else out.push(ev('Christmas Day', utc(y, 12, 25)), ev('Boxing Day', utc(y, 12, 26)))
  return out
}

const provisional = []
for (let y = lastOfficialYear + 1; y <= until; y++) provisional.push(...derive(y))
const data = {
  source: SOURCE,
  division: 'england-and-wales',
  licence: 'Open Government Licence v3.0',
  official_until: `${lastOfficialYear}-12-31`,
  events: [...official, ...provisional],
}
writeFileSync(OUT, JSON.stringify(data, null, 2) + '\n')
console.log(
  `${official.length} official events to ${lastOfficialYear}, ${provisional.length} provisional to ${until} -> ${OUT}`,
)

// The visitor's country, looked up from the address at the moment of the visit and never stored with
// it: from the CDN's country header when ANALYTICS_COUNTRY_HEADER names one (Cloudflare's
// CF-IPCountry, CloudFront-Viewer-Country), else from an embedded country database: the MMDB file of
// the npm package @ip-location-db/geo-whois-asn-country-mmdb (CC0; data CC BY 4.0 by the NRO, which
// docs/analytics.md credits), or the .mmdb file ANALYTICS_COUNTRY_DB names (a newer copy, or MaxMind's
// GeoLite2 Country). Read once, when the first visit is counted (~8 MB in memory).
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { Reader } from 'mmdb-lib'

type CountryRecord = { country_code?: unknown; country?: { iso_code?: unknown } }

export type CountryLookup = (address: string | undefined, headers: Record<string, string | string[] | undefined>) => string | undefined

/** The package's database file, or undefined when it is not installed. */
export function bundledCountryDb(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb')
  } catch {
    return undefined
  }
}

export function countryLookup(options: { header?: string | undefined; dbFile?: string | undefined }): CountryLookup {
  const header = options.header?.toLowerCase()
  let reader: { get(address: string): unknown } | null | undefined
  const open = () => {
    if (reader !== undefined) return reader
    const file = options.dbFile ?? bundledCountryDb()
    reader = file ? (new Reader(fs.readFileSync(file)) as { get(address: string): unknown }) : null
    return reader
  }
  return (address, headers) => {
    if (header) {
      const value = headers[header]
      const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase()
      // XX and T1 are Cloudflare's "unknown" and "Tor".
      return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : undefined
    }
    if (!address) return undefined
    try {
      const record = open()?.get(address.replace(/^::ffff:/, '')) as CountryRecord | null | undefined
      const code = record?.country_code ?? record?.country?.iso_code
      return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : undefined
    } catch {
      return undefined
    }
  }
}

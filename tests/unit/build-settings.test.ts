// The settings `npm run build` takes from the environment: a wrong one stops the build by name,
// before anything is built.
import { describe, expect, it } from 'vitest'
import { BuildSettingsError, loadBuildSettings } from '../../build/build-settings.ts'

describe('build settings', () => {
  it('take the site origin from SITE_URL, without a trailing slash, and leave it to site.yaml when unset', () => {
    expect(loadBuildSettings({}).siteUrl).toBeUndefined()
    expect(loadBuildSettings({ SITE_URL: '  ' }).siteUrl).toBeUndefined()
    expect(loadBuildSettings({ SITE_URL: 'https://shop.example.in/' }).siteUrl).toBe('https://shop.example.in')
    expect(loadBuildSettings({ SITE_URL: 'http://localhost:3000' }).siteUrl).toBe('http://localhost:3000')
  })

  it('refuse a SITE_URL that is no origin, naming the variable', () => {
    for (const value of ['www.example.com', 'https://example.com/shop', 'ftp://example.com', 'https://example.com/?a=1']) {
      expect(() => loadBuildSettings({ SITE_URL: value }), value).toThrow(BuildSettingsError)
      expect(() => loadBuildSettings({ SITE_URL: value }), value).toThrow(/^SITE_URL: must be the site's public origin/)
    }
  })

  it('refuse an API_ORIGIN that is no https origin', () => {
    expect(loadBuildSettings({ API_ORIGIN: 'https://api.example.com/' }).apiOrigin).toBe('https://api.example.com')
    expect(() => loadBuildSettings({ API_ORIGIN: 'http://api.example.com' })).toThrow(/^API_ORIGIN: /)
  })
})

describe('PREVIEW', () => {
  it('is on for 1 or true, off for 0, false, empty or unset', () => {
    for (const value of ['1', 'true', ' 1 ']) expect(loadBuildSettings({ PREVIEW: value }).preview, value).toBe(true)
    for (const value of ['0', 'false', '', undefined]) expect(loadBuildSettings({ PREVIEW: value }).preview, String(value)).toBe(false)
  })

  it('refuses anything else, naming the variable and what it got', () => {
    expect(() => loadBuildSettings({ PREVIEW: 'yes' })).toThrow(BuildSettingsError)
    expect(() => loadBuildSettings({ PREVIEW: 'yes' })).toThrow('PREVIEW: must be 1 or 0 (got "yes"). See docs/deploy/variables.md.')
  })
})

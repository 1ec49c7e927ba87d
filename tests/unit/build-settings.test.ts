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

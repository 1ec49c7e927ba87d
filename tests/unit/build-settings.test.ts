// The build's settings from the environment (build/build-settings.ts): PREVIEW makes a pull
// request's preview, and a value that is neither on nor off stops the build with a clear message.
import { describe, expect, it } from 'vitest'
import { BuildSettingsError, loadBuildSettings } from '../../build/build-settings.ts'

describe('PREVIEW', () => {
  it('is on for 1 or true, off for 0, false, empty or unset', () => {
    for (const value of ['1', 'true', ' 1 ']) expect(loadBuildSettings({ PREVIEW: value }).preview, value).toBe(true)
    for (const value of ['0', 'false', '', undefined]) expect(loadBuildSettings({ PREVIEW: value }).preview, String(value)).toBe(false)
  })

  it('refuses anything else, naming the variable and what it got', () => {
    expect(() => loadBuildSettings({ PREVIEW: 'yes' })).toThrow(BuildSettingsError)
    expect(() => loadBuildSettings({ PREVIEW: 'yes' })).toThrow('PREVIEW: must be 1 or 0 (got "yes"). See docs/deploy.md.')
  })
})

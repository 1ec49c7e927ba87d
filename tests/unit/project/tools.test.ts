// A test skipped for a missing tool says which, once, in the run's output (tests/support/tools.ts).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toolInstalled } from '../../support/tools.ts'

afterEach(() => vi.restoreAllMocks())

describe('a tool the tests need', () => {
  it('when missing, is named once with what it skips and how to install it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const tool = { command: 'no-such-tool-for-tests', versionArgs: ['--version'], install: 'apt-get install no-such-tool' }
    expect(toolInstalled(tool, 'the tests of the missing tool')).toBe(false)
    expect(toolInstalled(tool, 'the tests of the missing tool')).toBe(false)
    expect(warn.mock.calls).toEqual([
      ['SKIPPED: no-such-tool-for-tests is not installed, so the tests of the missing tool did not run (apt-get install no-such-tool)'],
    ])
  })

  it('when there, runs its tests and says nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(toolInstalled({ command: process.execPath, versionArgs: ['--version'], install: '' }, 'nothing')).toBe(true)
    expect(warn).not.toHaveBeenCalled()
  })
})

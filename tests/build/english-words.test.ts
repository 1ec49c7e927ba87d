// The forms' English words are written once, in content/interface.yaml (docs/forms.md): staff who
// change one there see it on the English pages, in the browser's checks and in the enquiry service's
// English answers, with no code change. The copy of the project built for these tests has a label, a
// check's message and the service's name of a field changed (tests/build/setup.ts, ENGLISH_WORDS).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { distLayout } from '../../project/paths.ts'
import { postJson } from '../support/submit.ts'
import { serveCopyBuild } from './copy-server.ts'
import { readPage } from './html.ts'

const distDir = join(inject('copyRoot'), 'dist')
const { clientDir } = distLayout(distDir)
const chunksDir = join(clientDir, 'assets', 'chunks')
/** The browser's scripts that contain `text`. */
const scriptsWith = (text: string) =>
  readdirSync(chunksDir).filter((file) => file.endsWith('.js') && readFileSync(join(chunksDir, file), 'utf8').includes(text))

describe('an English form word changed in content/interface.yaml', () => {
  it('is the label on the English page, and in its form’s script', () => {
    const html = readPage('/products/clove', clientDir)
    expect(html).toContain('<label class="form__label" for="enquiry-name">Full Name<span class="form__required"')
    expect(html).not.toContain('for="enquiry-name">Name<')
    expect(scriptsWith('Full Name').length).toBeGreaterThan(0)
  })

  it('is the message of the browser’s check, and the old one is nowhere', () => {
    expect(scriptsWith('Please type your e-mail address.').length).toBeGreaterThan(0)
    expect(scriptsWith('Please enter your e-mail address.')).toEqual([])
  })

  it('is written into the compiled service (the field names of the owner’s mail)', () => {
    const service = readFileSync(join(distDir, 'service', 'main.js'), 'utf8')
    expect(service).toMatch(/\\?"email\\?":\\?"E-mail address\\?"/)
    expect(service).not.toMatch(/\\?"email\\?":\\?"E-mail\\?"/)
  })
})

describe('the service serving that build', () => {
  const served = serveCopyBuild(distDir, 'english-words-data-')

  it('answers an English form’s mistake in the changed words', async () => {
    const res = await postJson(served.server.url, {
      formType: 'CloveEnquiry',
      formData: { name: 'Farah Khan', email: '', countryCode: '971', mobile: '971 501234567', purpose: 'Reselling' },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'Please check this field: E-mail address.',
      errors: { email: 'Please type your e-mail address.' },
    })
  })
})

// Which characters a buyer's text may hold, shared by the form schemas (server and browser), the
// spam store and the owner's tools. What a buyer writes ends up in mail headers, in the inbox, in a
// spreadsheet and on a terminal; each rule below closes a way to spoof or break one of those.

/** C0 and C1 control characters and DEL: invisible, and some steer terminals (ESC, CSI). */
const CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f'
/** Controls a multi-line field may keep: tab, line feed, carriage return. */
const LINE_CONTROLS = '\\t\\n\\r'
/** U+2028 and U+2029 break a line where a one-line value is expected (and end a JavaScript line). */
const LINE_SEPARATORS = '\\u2028\\u2029'
/** Embeddings, overrides and isolates reorder the text around them ("Trojan Source" spoofing). The
 * plain direction marks (LRM, RLM, ALM) are kept: names that mix scripts need them. */
const BIDI_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069'

export type TextKind = 'single' | 'multi'

/** Characters a field of this kind refuses. Lone surrogates are checked apart (hasLoneSurrogate). */
export const DISALLOWED: Record<TextKind, RegExp> = {
  single: new RegExp(`[${CONTROLS}${LINE_SEPARATORS}${BIDI_CONTROLS}]`, 'u'),
  multi: new RegExp(`(?![${LINE_CONTROLS}])[${CONTROLS}${LINE_SEPARATORS}${BIDI_CONTROLS}]`, 'u'),
}

/** The same rules as patterns a whole value must match: the form schemas use these, so the browser's
 * checks can be derived from them (forms/derive-rules.ts understands z.regex, not functions). */
const MULTI_LINE_CONTROLS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f'
export const DISALLOWED_PATTERN: Record<TextKind, RegExp> = {
  single: new RegExp(`^[^${CONTROLS}${LINE_SEPARATORS}${BIDI_CONTROLS}]*$`, 'u'),
  multi: new RegExp(`^[^${MULTI_LINE_CONTROLS}${LINE_SEPARATORS}${BIDI_CONTROLS}]*$`, 'u'),
}
/** No half of a UTF-16 pair on its own (in a u-mode pattern a lone surrogate is a code point of its own). */
export const NO_LONE_SURROGATE = /^\P{Surrogate}*$/u
/** At least one character a person can see. */
export const VISIBLE_CHARACTER = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}]/u
/** An e-mail address holds no control, line separator, invisible or bidi character and no lone surrogate. */
export const EMAIL_CHARACTERS = new RegExp(
  `^[^${CONTROLS}${LINE_SEPARATORS}${BIDI_CONTROLS}\\p{Default_Ignorable_Code_Point}\\p{Surrogate}]*$`,
  'u',
)

/** Half of a UTF-16 pair without its other half: not a character; stores and mail would turn it into U+FFFD. */
const LONE_SURROGATE = /\p{Surrogate}/u

export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value)
}

/** Something a person can see: not only spaces, zero-width characters and other invisible code points. */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}]/u

export function hasVisibleCharacter(value: string): boolean {
  return VISIBLE.test(value)
}

/**
 * For text kept although it was not validated (spam, for whoever reviews it): every character a
 * field of this kind refuses, and every lone surrogate, becomes U+FFFD, so it is visible that
 * something was there and nothing of it can act on a screen, a terminal or a spreadsheet.
 */
export function normaliseText(value: string, kind: TextKind): string {
  const disallowed = new RegExp(`${DISALLOWED[kind].source}|${LONE_SURROGATE.source}`, 'gu')
  const text = kind === 'multi' ? value.replace(/\r\n?/g, '\n') : value
  return text.normalize('NFC').replace(disallowed, '\uFFFD').trim()
}

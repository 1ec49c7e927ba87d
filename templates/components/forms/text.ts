// The words the form islands show: labels, example texts, buttons and the outcomes of sending, all
// from the interface catalogue (content/interface.yaml's `forms:` section, interface.<lang>.yaml).
// An English page's island needs no prop for them (and its page is what it was): each form has its
// English words written into it at build time (`english`, forms/browser-rules/, forms/field-views.ts);
// a translated page passes its language's words as the island's `text` prop, with the browser
// checks' messages of that language (`checks`, see localiseRule in forms/rules.ts).

import type { FormWords, SubmitMessages } from '../../../project/form-messages.ts'

export type { FormText, FormWords } from '../../../project/form-messages.ts'

/** What a translated page gives a form island: its words, its language and its checks' messages. */
export interface FormLanguage {
  /** The page's language code ('ar'); sent with the form. */
  code: string
  text: FormWords
  /** The browser checks' messages in this language, in the order localiseRule() reads them. */
  checks: string[]
  /** What the form says after sending, in this language (the English ones: ./submit.ts). */
  submit: SubmitMessages
}

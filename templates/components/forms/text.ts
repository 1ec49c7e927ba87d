// The words the form islands show: labels, example texts, buttons and the outcomes of sending. The
// English ones are built in, so an English page's island needs no prop for them (and its page is
// what it was); a translated page passes its language's words as the island's `text` prop, from
// the interface catalogue (content/interface.yaml's `forms:` section, interface.<lang>.yaml), with
// the browser checks' messages of that language (`checks`, see localiseRule in forms/rules.ts).
// tests/unit/forms/interface-text.test.ts holds this English and the catalogue's together.

import type { LabelledField } from '../../../project/form-fields.ts'
import { ENGLISH_FORM_LABELS } from '../../../project/form-messages.ts'
import type { SubmitMessages } from './submit.ts'

export interface FormText {
  /** Each field's label (project/form-fields.ts says which fields have one). */
  labels: Record<LabelledField, string>
  placeholders: {
    product: string
    productBought: string
    country: string
    granite: string
  }
  /** What each fixed choice reads as (the value sent stays English). */
  choices: {
    purposes: Record<'Reselling' | 'End Use', string>
    likes: Record<'Response' | 'Quality' | 'Delivery', string>
    oneStar: string
    /** {count} */
    stars: string
  }
  /** {count} */
  productSearchHint: string
  /** {asterisk} stands for the * and the words that name it to screen readers (`asterisk`). */
  requiredNote: string
  asterisk: string
  /** {reference} */
  reference: string
  buttons: {
    send: string
    sending: string
    submit: string
    submitting: string
    submitReview: string
  }
  outcomes: {
    success: string
    reviewSuccess: string
    failed: string
    invalidJson: string
    invalidJsonQuick: string
    unexpected: string
    unexpectedQuick: string
    contactError: string
  }
}

export const ENGLISH_FORM_TEXT: FormText = {
  labels: ENGLISH_FORM_LABELS,
  placeholders: {
    product: 'Select a product',
    productBought: 'Select the product you bought',
    country: 'Select your country',
    granite: 'Select a granite category',
  },
  choices: {
    purposes: { Reselling: 'Reselling', 'End Use': 'End Use' },
    likes: { Response: 'Response', Quality: 'Quality', Delivery: 'Delivery' },
    oneStar: '1 star',
    stars: '{count} stars',
  },
  productSearchHint: 'Type to search our {count} products and pick one from the suggestions.',
  requiredNote: 'Fields marked {asterisk} are required.',
  asterisk: 'with an asterisk',
  reference: 'Your reference: {reference}',
  buttons: {
    send: 'Send Enquiry',
    sending: 'Sending...',
    submit: 'Submit',
    submitting: 'Submitting...',
    submitReview: 'Submit Review',
  },
  outcomes: {
    success: 'Form submitted successfully!',
    reviewSuccess: 'Form submitted successfully! Thank you for your review. It will appear on this page after moderation.',
    failed: 'Submission failed',
    invalidJson: 'Server returned invalid JSON. Check backend route.',
    invalidJsonQuick: 'Server returned invalid response. Check server.js route or port.',
    unexpected: 'Something went wrong while submitting.',
    unexpectedQuick: 'Something went wrong. Please check your connection or server.',
    contactError: 'Something went wrong. Please try again later.',
  },
}

/** The words an island shows (what it says after sending comes as FormLanguage.submit). */
export type FormWords = Omit<FormText, 'outcomes'>

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

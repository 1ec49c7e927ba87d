// The quotation page's form. Prerendered (and without JavaScript) it lists every product and granite
// shade, each with a quantity box, its unit, a shade's finish and size, and "samples first"; the rows
// given a quantity are the items (server/enquiries/submit.ts reads them from the field names,
// `quantity:Clove`). Once React runs it lists the basket instead (./basket.ts: what the buyer added
// from the product pages, ?add=…), and sends the quotation as JSON like every other form, checked by
// the same contract (forms/schemas.ts, quoteRequest).
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { combineMobile, DEFAULT_COUNTRY_CODE, HONEYPOT_FIELD } from '../../../forms/contract.ts'
import { english, fields } from '../../../forms/browser-rules/quoteRequest.ts'
import { INCOTERMS, QUOTE_MAX_ITEMS, QUOTE_UNITS } from '../../../forms/quote-contract.ts'
import { trackEvent } from '../../../project/analytics.ts'
import { fillIn } from '../../../project/fill-in.ts'
import type { Interface } from '../../../model/schemas/interface.ts'
import { QUOTE_ADD_PARAMETER, type QuoteProduct } from '../../lib/quote.ts'
import { CountryFields, type DialCode } from '../forms/CountryFields.tsx'
import { ErrorText, Field, FormFrame, type Option, SelectField, SubmitArea } from '../forms/fields.tsx'
import type { FormLanguage } from '../forms/text.ts'
import { type FormCheck, useForm } from '../forms/useForm.ts'
import { type BasketItem, newItem, readBasket, writeBasket } from './basket.ts'

export const QUOTE_FORM_TYPE = 'QuoteRequest'
/** The form's id: the prerendered list of every product (./PlainQuoteList.tsx) belongs to it. */
export const QUOTE_FORM_ID = 'quote-form'
export const PLAIN_LIST_ID = 'quote-plain'

/**
 * The quotation is checked by the service alone (the same contract, every message in the buyer's
 * language, each next to its field): the page's JavaScript stays within its budget (docs/speed.md)
 * without the contract's rules as literals. Its controls still say what they need (required, the
 * units and choices offered), and the service answers at once.
 */
const SERVER_CHECKS: FormCheck = () => ({ ok: true })

type QuoteWords = Interface['quote']

export interface QuoteFormProps {
  products: QuoteProduct[]
  finishes: Option[]
  sizes: Option[]
  dialCodes: DialCode[]
  dialCountries: string[]
  defaultDialCode?: string
  countries: Option[]
  words: QuoteWords
  productsPath: string
  idPrefix: string
  labelledBy?: string
  /** A translated page's language (none: English). */
  language?: FormLanguage
}

type QuoteValues = {
  name: string
  email: string
  countryCode: string
  country: string
  mobile: string
  company: string
  incoterm: string
  port: string
  message: string
  [HONEYPOT_FIELD]: string
}

export function QuoteForm({
  products,
  finishes,
  sizes,
  dialCodes,
  dialCountries,
  defaultDialCode = DEFAULT_COUNTRY_CODE,
  countries,
  words,
  productsPath,
  idPrefix,
  labelledBy,
  language,
}: QuoteFormProps) {
  const t = language?.text ?? english.text
  const defaults = useMemo<QuoteValues>(
    () => ({
      name: '',
      email: '',
      countryCode: defaultDialCode,
      country: '',
      mobile: '',
      company: '',
      incoterm: 'FOB',
      port: '',
      message: '',
      [HONEYPOT_FIELD]: '',
    }),
    [defaultDialCode],
  )
  // null until React runs: the page as prerendered, every product listed.
  const [items, setItems] = useState<BasketItem[] | null>(null)
  const [corrected, setCorrected] = useState<ReadonlySet<string>>(new Set())
  const [full, setFull] = useState(false)
  const itemsRef = useRef<BasketItem[]>([])
  itemsRef.current = items ?? []
  const byValue = useMemo(() => new Map(products.map((p) => [p.value, p])), [products])

  const toFormData = useCallback(
    ({ countryCode, mobile, ...rest }: QuoteValues) => ({
      ...rest,
      countryCode,
      mobile: mobile.trim() === '' ? '' : combineMobile(countryCode, mobile),
      items: itemsRef.current.map((item) => ({ ...item, quantity: item.quantity.trim() })),
    }),
    [],
  )
  const form = useForm({
    check: SERVER_CHECKS,
    formType: QUOTE_FORM_TYPE,
    idPrefix,
    defaults,
    messages: language?.submit ?? english.submit,
    toFormData,
    language: language?.code,
  })

  // Once, in the browser: the basket, and the item the address carries (from a product's "Add to quotation").
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    const basket = readBasket().filter((item) => byValue.has(item.product))
    const url = new URL(location.href)
    const added = url.searchParams.get(QUOTE_ADD_PARAMETER)
    if (added !== null) {
      const product = byValue.get(added)
      if (product && !basket.some((item) => item.product === added)) {
        if (basket.length < QUOTE_MAX_ITEMS) {
          basket.push(newItem(added, product.granite))
          trackEvent('quote_add', added)
        } else setFull(true)
      }
      // A reload or a shared address does not add it again.
      url.searchParams.delete(QUOTE_ADD_PARAMETER)
      history.replaceState(history.state, '', url.pathname + url.search + url.hash)
    }
    writeBasket(basket)
    setItems(basket)
    // The prerendered list of every product gives way to the basket.
    document.getElementById(PLAIN_LIST_ID)?.setAttribute('hidden', '')
  }, [])

  // A quotation sent empties the basket.
  useEffect(() => {
    if (form.status.kind !== 'success') return
    writeBasket([])
    setItems([])
  }, [form.status])

  const update = (index: number, change: Partial<BasketItem>) => {
    const next = (items ?? []).map((item, i) => (i === index ? { ...item, ...change } : item))
    setItems(next)
    writeBasket(next)
    const key = `items.${index}.${Object.keys(change)[0]}`
    if (form.errors[key]) setCorrected((keys) => new Set(keys).add(key))
  }
  const remove = (index: number) => {
    const next = (items ?? []).filter((_, i) => i !== index)
    setItems(next)
    writeBasket(next)
    // The server's and the checks' messages name items by their place, which has changed.
    setCorrected(new Set(Object.keys(form.errors).filter((key) => key.startsWith('items.'))))
    setFull(false)
  }

  // An item's message goes once its field is changed; the next send checks everything again.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setCorrected(new Set())
    form.onSubmit(event)
  }
  const errorOf = (key: string) => (corrected.has(key) ? undefined : form.errors[key])
  const listError = form.errors.items

  return (
    <FormFrame
      form={{ ...form, onSubmit }}
      formType={QUOTE_FORM_TYPE}
      id={QUOTE_FORM_ID}
      labelledBy={labelledBy}
      className="form--quote"
      language={language}
      text={t}
    >
      {items !== null && (
        <fieldset className="quote-items" aria-describedby={listError ? form.errorId('items') : undefined}>
          <legend className="quote-legend">{words.itemsHeading}</legend>
          {items.length === 0 ? (
            <p className="quote-empty">
              {words.empty} <a href={productsPath}>{words.addMore}</a>
            </p>
          ) : (
            <>
              <ul className="quote-list">
                {items.map((item, i) => (
                  <BasketRow
                    key={item.product}
                    item={item}
                    product={byValue.get(item.product)!}
                    index={i}
                    idPrefix={idPrefix}
                    words={words}
                    finishes={finishes}
                    sizes={sizes}
                    errorOf={errorOf}
                    onChange={(change) => update(i, change)}
                    onRemove={() => remove(i)}
                  />
                ))}
              </ul>
              <p className="quote-more">
                <a href={productsPath}>{words.addMore}</a>
              </p>
            </>
          )}
          {full && <p className="form__hint">{fillIn(words.tooMany, { max: QUOTE_MAX_ITEMS })}</p>}
          <ErrorText id={form.errorId('items')} message={listError} />
        </fieldset>
      )}

      <h3 className="quote-legend">{words.buyerHeading}</h3>
      <div className="form__grid">
        <Field form={form} name="name" fields={fields} text={t} />
        <Field form={form} name="email" fields={fields} text={t} />
        <CountryFields form={form} dialCodes={dialCodes} dialCountries={dialCountries} countries={countries} countryRequired text={t} />
        <Field form={form} name="mobile" fields={fields} text={t} />
        <Field form={form} name="company" fields={fields} text={t} />
        <SelectField
          form={form}
          name="incoterm"
          label={words.incoterm}
          required
          options={INCOTERMS.map((value) => ({ value, label: value }))}
        />
        <Field form={form} name="port" fields={fields} text={t} label={words.port} />
        <Field form={form} name="message" fields={fields} text={t} label={words.message} />
      </div>
      <SubmitArea form={form} label={words.send} loadingLabel={t.buttons.submitting} status={form.status} text={t} />
    </FormFrame>
  )
}

/** A granite item's finish or size: a choice of the catalogue's, or none. */
function ItemChoice({
  label,
  options,
  value,
  error,
  errorId,
  onChange,
}: {
  label: string
  options: Option[]
  value: string
  error: string | undefined
  errorId: string
  onChange: (value: string) => void
}) {
  return (
    <label className="quote-field">
      <span>{label}</span>
      <select
        className="form__control form__control--select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">–</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText id={errorId} message={error} />
    </label>
  )
}

export const unitOptions = (words: QuoteWords, granite: boolean) =>
  QUOTE_UNITS.filter((unit) => granite || unit !== 'm2').map((unit) => ({ value: unit, label: words.units[unit] }))

/** A row of the basket: the item's quantity, unit, a shade's finish and size, samples first, and a button to take it out. */
function BasketRow({
  item,
  product,
  index,
  idPrefix,
  words,
  finishes,
  sizes,
  errorOf,
  onChange,
  onRemove,
}: {
  item: BasketItem
  product: QuoteProduct
  index: number
  idPrefix: string
  words: QuoteWords
  finishes: Option[]
  sizes: Option[]
  errorOf: (key: string) => string | undefined
  onChange: (change: Partial<BasketItem>) => void
  onRemove: () => void
}) {
  const id = (field: string) => `${idPrefix}-item-${index}${field ? `-${field}` : ''}`
  const errorId = (field: string) => `${id(field)}-error`
  const error = (field: string) => errorOf(`items.${index}.${field}`)
  const quantityError = error('quantity')
  const unitError = error('unit')
  const productError = error('product')
  return (
    <li className="quote-row" id={id('')}>
      <span className="quote-product">{product.label}</span>
      <div className="quote-fields">
        <label className="quote-field">
          <span>
            {words.quantity}
            <span className="visually-hidden"> – {product.label}</span>
            <span className="form__required" aria-hidden="true">
              {' *'}
            </span>
          </span>
          <input
            className="form__control"
            id={id('quantity')}
            type="text"
            inputMode="decimal"
            maxLength={12}
            required
            value={item.quantity}
            aria-invalid={quantityError ? true : undefined}
            aria-describedby={quantityError ? errorId('quantity') : undefined}
            onChange={(e) => onChange({ quantity: e.target.value })}
          />
          <ErrorText id={errorId('quantity')} message={quantityError} />
        </label>
        <label className="quote-field">
          <span>{words.unit}</span>
          <select
            className="form__control form__control--select"
            value={item.unit}
            aria-invalid={unitError ? true : undefined}
            aria-describedby={unitError ? errorId('unit') : undefined}
            onChange={(e) => onChange({ unit: e.target.value })}
          >
            {unitOptions(words, product.granite).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <ErrorText id={errorId('unit')} message={unitError} />
        </label>
        {product.granite && (
          <>
            <ItemChoice
              label={words.finish}
              options={finishes}
              value={item.finish}
              error={error('finish')}
              errorId={errorId('finish')}
              onChange={(finish) => onChange({ finish })}
            />
            <ItemChoice
              label={words.size}
              options={sizes}
              value={item.size}
              error={error('size')}
              errorId={errorId('size')}
              onChange={(size) => onChange({ size })}
            />
          </>
        )}
        <label className="quote-samples">
          <input
            type="checkbox"
            checked={item.samples === 'yes'}
            onChange={(e) => onChange({ samples: e.target.checked ? 'yes' : 'no' })}
          />{' '}
          {words.samples}
        </label>
        <button type="button" className="quote-remove" onClick={onRemove}>
          {fillIn(words.remove, { product: product.label })}
        </button>
      </div>
      {productError && <ErrorText id={errorId('product')} message={productError} />}
    </li>
  )
}

export default QuoteForm

// The product a buyer asks about. A catalogue of a few products is a native <select>, as on the
// original site. A large one would put every product name into every page that has a form, so
// past PRODUCT_SELECT_LIMIT (templates/lib/forms.ts) the field is a text input with suggestions
// (<input list> and a <datalist>, exposed by browsers as a combobox with a list popup): the list
// is a prerendered JSON file fetched when the field is first focused or pointed at, so the page
// stays the same size whatever the catalogue. The server accepts only the catalogue's products
// either way (formValidator in forms/schemas.ts), with the same message as for an empty choice.
import { useCallback, useEffect, useRef, useState } from 'react'
import { fillIn } from '../../../project/fill-in.ts'
import { asOptions, controlProps, type FieldProps, FieldShell, type Option, SelectField, stringValue } from './fields.tsx'
import type { FormWords } from './text.ts'

export type ProductChoice =
  /** `labels`: how the page shows each option, when not as it is sent (a translated page). */
  | { kind: 'select'; options: string[]; labels?: string[] }
  /** `listUrl` answers a JSON array of the product names; `count` is how many there are. */
  | { kind: 'search'; listUrl: string; count: number }

export function ProductField(
  props: FieldProps & {
    choice: ProductChoice
    /** The select's first, empty choice ("Select a product"). */
    placeholder: string
    optionData?: (option: Option) => Record<`data-${string}`, string> | undefined
    /** The page's words. */
    text: FormWords
  },
) {
  const { choice, text, ...rest } = props
  if (choice.kind === 'select') return <SelectField {...rest} options={asOptions(choice.options, choice.labels)} />
  return <ProductSearch {...rest} listUrl={choice.listUrl} count={choice.count} text={text} />
}

function ProductSearch(props: FieldProps & { listUrl: string; count: number; text: FormWords }) {
  const { form, name, required, listUrl, count, text } = props
  const [names, setNames] = useState<string[] | null>(null)
  const requested = useRef(false)
  const load = useCallback(() => {
    if (requested.current) return
    requested.current = true
    fetch(listUrl, { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${listUrl}: ${response.status}`))))
      .then((list: unknown) => setNames(Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : []))
      .catch((error: unknown) => {
        // The field still takes a typed name (the server checks it); a later focus tries again.
        requested.current = false
        console.error('product list: not loaded', error)
      })
  }, [listUrl])
  // Focused before the form came alive (the focus itself starts that): fetch now.
  const input = useRef<HTMLInputElement | null>(null)
  useEffect(() => {
    if (input.current !== null && input.current === document.activeElement) load()
  }, [load])
  const hint = fillIn(text.productSearchHint, { count })
  const listId = form.id(`${name}-list`)
  return (
    <FieldShell {...props} hint={hint}>
      <input
        ref={input}
        {...controlProps(form, name, required, hint)}
        className="form__control"
        type="text"
        list={listId}
        autoComplete="off"
        maxLength={120}
        value={stringValue(form, name)}
        onFocus={load}
        onPointerEnter={load}
        onChange={(event) => form.setValue(name, event.target.value)}
        // A name typed in other letter case or with stray spaces becomes the catalogue's own.
        onBlur={(event) => {
          const typed = event.target.value.trim().toLowerCase()
          const known = typed === '' ? undefined : names?.find((n) => n.toLowerCase() === typed)
          if (known !== undefined && known !== event.target.value) form.setValue(name, known)
        }}
      />
      <datalist id={listId}>
        {names?.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
    </FieldShell>
  )
}

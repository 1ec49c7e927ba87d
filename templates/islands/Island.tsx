// An island is an interactive component inside an otherwise static page. On the server it renders
// into a wrapper that records its name and props; the page's +client.ts hydrates just that wrapper,
// once it is near the viewport (data-scripted: templates/islands/when-near.ts).
// Props that are the same on many pages (a translated form's words: templates/lib/form-words.ts)
// can be `shared`: the page renders with them but does not carry them; the wrapper names the file
// that holds them (data-shared), which is fetched as the island wakes.
import type { ComponentType } from 'react'

/** Props an island fetches from `url` (a JSON object, written by the build) rather than carries. */
export interface IslandShared<S> {
  url: string
  props: S
}

export function Island<P extends object>({
  name,
  component: Component,
  props,
  shared,
  className,
}: {
  name: string
  component: ComponentType<P>
  props: P
  shared?: IslandShared<Partial<P>> | undefined
  className?: string
}) {
  const carried = shared ? Object.fromEntries(Object.entries(props).filter(([key]) => !(key in shared.props))) : props
  return (
    <div data-island={name} data-props={JSON.stringify(carried)} data-shared={shared?.url} data-scripted="" className={className}>
      <Component {...props} />
    </div>
  )
}

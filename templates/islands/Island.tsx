// An island is an interactive component inside an otherwise static page. On the server it renders
// into a wrapper that records its name and props; the page's +client.ts hydrates just that wrapper,
// once it is near the viewport (data-scripted: templates/islands/when-near.ts).
import type { ComponentType } from 'react'

export function Island<P extends object>({
  name,
  component: Component,
  props,
  className,
}: {
  name: string
  component: ComponentType<P>
  props: P
  className?: string
}) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} data-scripted="" className={className}>
      <Component {...props} />
    </div>
  )
}

declare module '*.mdx' {
  import type { ComponentType } from 'react'
  const MDXContent: ComponentType
  export default MDXContent
}
declare module '@content/*.mdx' {
  import type { ComponentType } from 'react'
  const MDXContent: ComponentType
  export default MDXContent
}

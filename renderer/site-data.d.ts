// The module the build writes for the prerender (build/site-data-plugin.ts).
declare module 'virtual:site-data' {
  import type { SiteData } from '../templates/lib/site.ts'
  const siteData: SiteData | undefined
  export default siteData
}

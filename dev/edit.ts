// `npm run edit`: the live preview with the browser editor at /admin/ (Decap CMS, its local
// backend writing into content/). One address is printed; see content/README.md.
process.env.SITE_EDITOR = '1'
await import('./dev.ts')
export {}

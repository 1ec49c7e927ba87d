import { pageWeights } from '/work/main/build/page-weights.ts'
const ws = pageWeights('/work/main/dist/client')
const over = ws.filter((w: any) => w.js.gzip > 76800)
console.log('pages', ws.length, 'js over', over.length, 'html max', Math.max(...ws.map((w: any) => w.html.brotli)))
for (const w of ws.filter((w: any) => w.html.brotli > 14200)) console.log('  html', w.path, w.html.brotli, w.html.brotli - 14336)

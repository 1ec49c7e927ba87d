import { startCarousels } from '../../components/carousel-motion.ts'
import { afterPagePaint, hydrateIslands } from '../../islands/hydrate.ts'

// The first slide is the page's largest paint: nothing changes the carousel before it is drawn.
afterPagePaint(startCarousels)
hydrateIslands({
  QuickEnquiryForm: () => import('../../components/forms/QuickEnquiryForm.tsx').then((m) => m.QuickEnquiryForm),
})

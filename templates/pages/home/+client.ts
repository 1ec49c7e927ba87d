import { startCarousels } from '../../components/carousel-motion.ts'
import { hydrateIslands } from '../../islands/hydrate.ts'

// Loaded after the first slide, the page's largest paint, is drawn (templates/islands/entry-loader.ts).
startCarousels()
hydrateIslands({
  QuickEnquiryForm: () => import('../../components/forms/QuickEnquiryForm.tsx').then((m) => m.QuickEnquiryForm),
})

import { startCarousels } from '../../components/carousel-motion.ts'
import { hydrateIslands } from '../../islands/hydrate.ts'

startCarousels()
hydrateIslands({
  QuickEnquiryForm: () => import('../../components/forms/QuickEnquiryForm.tsx').then((m) => m.QuickEnquiryForm),
})

import { hydrateIslands } from '../../islands/hydrate.ts'

hydrateIslands({
  Carousel: () => import('../../components/Carousel.tsx').then((m) => m.Carousel),
  QuickEnquiryForm: () => import('../../components/forms/QuickEnquiryForm.tsx').then((m) => m.QuickEnquiryForm),
})

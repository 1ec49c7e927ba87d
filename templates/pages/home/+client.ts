import { Carousel } from '../../components/Carousel.tsx'
import { QuickEnquiryForm } from '../../components/forms/QuickEnquiryForm.tsx'
import { hydrateIslands } from '../../islands/hydrate.ts'

hydrateIslands({ Carousel, QuickEnquiryForm })

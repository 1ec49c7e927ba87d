import { hydrateIslands } from '../../islands/hydrate.ts'

hydrateIslands({ EnquiryForm: () => import('../../components/forms/EnquiryForm.tsx').then((m) => m.EnquiryForm) })

import { EnquiryForm } from '../../components/forms/EnquiryForm.tsx'
import { hydrateIslands } from '../../islands/hydrate.ts'

hydrateIslands({ EnquiryForm })

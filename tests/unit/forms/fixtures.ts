import { GRANITE_PRODUCT_LABEL } from '../../../forms/schemas.ts'

export const DIAL_CODES = [
  { code: '91', country: 'India' },
  { code: '1', country: 'United States/Canada' },
  { code: '44', country: 'United Kingdom' },
  { code: '971', country: 'United Arab Emirates' },
  { code: '61', country: 'Australia' },
]
export const REQUIREMENT_PLACEHOLDER = 'I am interested. Kindly send the quotation for the same.'
export const CONTAINER_PLACEHOLDER = 'e.g. 20 ft'
export const PRODUCTS = [
  GRANITE_PRODUCT_LABEL,
  'Clove',
  'Cardamom',
  'Black Pepper (Kali Mirch)',
  'Flax Seeds',
  'Soyabean Flakes',
  'Soyabean Meal',
  'Makhana (Lotus Seeds)',
]
export const GRANITES = [
  'Neo Chocolate Lapotra',
  'Neo Tiger Shade',
  'Neo Tomato Red',
  'Neo Galaxy Black',
  'Neo K Tize',
  'Star Blue',
  'Neo Tan Blue',
  'Neo Tan Red',
]
export const COUNTRIES = ['India', 'United States', "Côte d'Ivoire", 'United Kingdom', 'Germany']

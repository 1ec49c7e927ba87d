// content/reviews.yaml: the Reviews page.
// How fields are described and what the descriptions become: model/schema.ts.
import { z } from 'zod'
import { text, words, isoDate } from './fields.ts'

const starCount = (stars: number) =>
  z
    .number()
    .int()
    .min(0)
    .meta({ description: `How many ${stars}-star ratings.`, label: `${stars} stars` })
export const reviewsSchema = z
  .strictObject({
    distribution: z.strictObject({ 5: starCount(5), 4: starCount(4), 3: starCount(3), 2: starCount(2), 1: starCount(1) }).meta({
      description: 'How many ratings of 5, 4, 3, 2 and 1 stars; the total and the average are worked out from them.',
      label: 'Number of ratings',
    }),
    minBarPercent: z
      .number()
      .min(0)
      .max(100)
      .meta({ description: 'For developers: the smallest width of a rating bar, in percent.', forDevelopers: true }),
    reviews: z
      .array(
        z.strictObject({
          name: text.meta({ description: 'The reviewer’s name.' }),
          company: text.meta({ description: 'Their company and town.' }),
          product: words.meta({ description: 'The product reviewed.' }),
          rating: z.number().int().min(1).max(5).meta({ description: 'Stars, a whole number from 1 to 5.' }),
          date: isoDate.meta({ description: 'The date, written "YYYY-MM-DD".' }),
          text: words.meta({ description: 'The review.' }),
          verified: z.boolean().meta({ description: 'true for a confirmed buyer, otherwise false.' }),
        }),
      )
      .min(1)
      .meta({ description: 'The reviews shown, in order.' }),
  })
  .meta({ title: 'reviews.yaml', description: 'The Reviews page: rating counts and the reviews shown.' })

export type Reviews = z.infer<typeof reviewsSchema>

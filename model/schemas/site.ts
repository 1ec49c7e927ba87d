// content/site.yaml: who the company is.
// How fields are described and what the descriptions become: model/schema.ts.
import { z } from 'zod'
import { matching, text, words, url, imageSrc, image } from './fields.ts'

const language = z.strictObject({
  code: matching(/^[a-z]{2,3}$/, 'Two or three lower-case letters, e.g. ar').meta({
    description: 'The ISO 639 code: the folder of its pages (/ar/) and the suffix of its translation files (site.ar.yaml).',
  }),
  name: text.meta({ description: 'The language’s name written in itself, e.g. العربية, as the language switcher shows it.' }),
  tag: matching(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'A language tag such as zh-Hans')
    .optional()
    .meta({ description: 'Optional: the BCP 47 tag of lang and hreflang when it is more than the code, e.g. zh-Hans.' }),
  direction: z
    .enum(['ltr', 'rtl'])
    .default('ltr')
    .meta({ description: 'Optional: rtl for a language written right to left (Arabic); ltr when left out.' }),
  ogLocale: matching(/^[a-z]{2,3}_[A-Z]{2}$/, 'Language and country, e.g. ar_AE').meta({
    description: 'The Open Graph locale shared links carry, e.g. en_IN.',
  }),
})

export const siteSchema = z
  .strictObject({
    origin: matching(
      /^https?:\/\/[A-Za-z0-9.-]+(:[0-9]+)?$/,
      'The website’s address, e.g. https://www.neoagrogranite.com (no / at the end)',
    ).meta({
      description:
        'For developers: the website’s address, e.g. https://www.neoagrogranite.com (no / at the end). A build with SITE_URL set uses that instead.',
      forDevelopers: true,
    }),
    languages: z
      .array(language)
      .min(1)
      .refine((list) => new Set(list.map((l) => l.code)).size === list.length, 'Each language once')
      .meta({
        description:
          'For developers: the languages of the site, the default (English) first, served at today’s addresses; each other one under /<code>/ and translated in files named like site.<code>.yaml (content/README.md, "Languages").',
        forDevelopers: true,
      }),
    company: z
      .strictObject({
        name: text.meta({ description: 'The full legal name.' }),
        shortName: text.meta({ description: 'The short name used in page titles and small spaces.' }),
        tagline: words.meta({ description: 'One line describing the company.' }),
        legalForm: words.meta({
          description: 'About page, Company Information: the legal form, e.g. "Private Limited Company".',
          label: 'Legal form',
        }),
        natureOfBusiness: words.meta({ description: 'About page, Company Information: e.g. "Manufacturer, Supplier and Exporter".' }),
        employees: z
          .number()
          .int()
          .positive()
          .meta({ description: 'About page, Company Information: the number of employees (a number).' }),
        marketCoverage: words.meta({ description: 'About page, Company Information: where the company sells, e.g. "Worldwide".' }),
        founded: z.number().int().min(1900).max(2100).meta({ description: 'The year the company was founded (a number).' }),
        offices: z.array(words).min(1).meta({ description: 'The towns of the offices, one per line.' }),
        address: z
          .strictObject({
            locality: words.meta({ description: 'The city.', label: 'City' }),
            region: words.meta({ description: 'The state.', label: 'State' }),
            country: words.meta({ description: 'The country.' }),
            postalCode: text.optional().meta({ description: 'Optional: the PIN code.', label: 'PIN code' }),
          })
          .meta({ description: 'The registered address.' }),
        blurb: words.meta({ description: 'The short company text in the footer.' }),
      })
      .meta({ description: 'The company’s names and the facts of the About page.' }),
    contact: z
      .strictObject({
        person: words.meta({ description: 'The contact person named on the Contact page.' }),
        phones: z
          .array(
            z.strictObject({
              display: text.meta({ description: 'The number as visitors read it, e.g. "+91 90000 11122".', label: 'Number as shown' }),
              tel: matching(/^\+[0-9]{6,15}$/, 'International format: + and digits only, e.g. +919000012345').meta({
                description: 'The same number as + and digits only, e.g. "+919000011122" (what a phone dials).',
                label: 'Number to dial',
              }),
            }),
          )
          .min(1)
          .meta({ description: 'The phone numbers, each with `display` and `tel`.' }),
        whatsapp: matching(/^\+[0-9]{6,15}$/, 'International format: + and digits only, e.g. +919000012345')
          .optional()
          .meta({
            description:
              'Optional: the WhatsApp number buyers chat with, as + and digits only, e.g. "+919000011122". Product, shade and contact pages link a chat with it (https://wa.me/…), and search engines read it as a contact point; without it, no WhatsApp link shows.',
            label: 'WhatsApp number',
          }),
        email: z.email({ message: 'An e-mail address such as info@example.com' }).meta({ description: 'The company e-mail address.' }),
        marketplace: z
          .strictObject({
            label: words.meta({ description: 'The store’s name as shown, e.g. "IndiaMART Store".' }),
            url: url.meta({ description: 'The store’s address.' }),
          })
          .meta({ description: 'The online B2B store.' }),
      })
      .meta({ description: 'How buyers reach the company.' }),
    social: z
      .array(
        z.strictObject({
          network: z
            .enum(['facebook', 'instagram', 'youtube', 'linkedin', 'x'])
            .meta({ description: 'One of facebook, instagram, youtube, linkedin, x.' }),
          label: words.meta({ description: 'The name shown, e.g. "Facebook".' }),
          url: url.meta({ description: 'The page’s address.' }),
        }),
      )
      .meta({ description: 'The company’s social pages.' }),
    leaders: z
      .array(
        z.strictObject({
          name: text.meta({ description: 'The person’s name.' }),
          title: words.meta({ description: 'Their position, e.g. "Managing Director".' }),
          bio: words.optional().meta({ description: 'Optional: a sentence about their role.' }),
        }),
      )
      .min(1)
      .meta({ description: 'The leaders on the About page.' }),
    stats: z
      .array(
        z.strictObject({
          value: words.meta({ description: 'The big text, e.g. "60+".' }),
          label: words.meta({ description: 'The line under it, e.g. "Team Members".' }),
        }),
      )
      .min(1)
      .meta({ description: 'The number tiles on the About page.' }),
    geo: z
      .strictObject({
        region: text.meta({ description: 'Region code, e.g. "IN-TG".' }),
        placename: text.meta({ description: 'Place name, e.g. "Telangana, India".' }),
        latitude: z.number().meta({ description: 'Latitude in degrees (a number).' }),
        longitude: z.number().meta({ description: 'Longitude in degrees (a number).' }),
      })
      .meta({
        description: 'For developers: the regional tags for search engines (region code, place, latitude, longitude).',
        forDevelopers: true,
      }),
    logo: image.meta({ description: 'The logo: `src` (a file under content/images/) and `alt` (its description).' }),
    shareImage: z
      .strictObject({
        src: matching(
          /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.([Jj][Pp][Ee]?[Gg]|[Pp][Nn][Gg]|[Ww][Ee][Bb][Pp]|[Aa][Vv][Ii][Ff])$/,
          'A photo under content/images/ (.jpg, .png, .webp or .avif): sharing sites do not show SVG',
        ).meta({
          description: 'The photo’s file under content/images/, e.g. home/quick-enquiry.jpg (not SVG).',
          mediaFolder: 'content/images',
        }),
        alt: words.meta({ description: 'What the photo shows, in a sentence.' }),
      })
      .meta({
        description:
          'The picture a shared link shows (LinkedIn, WhatsApp, X) for a page without one of its own: a photo, not the SVG logo.',
        label: 'Picture for shared links',
      }),
    icon: z
      .strictObject({
        src: imageSrc,
        alt: z.string().default('').meta({ description: 'Optional: its description (the tab picture is decoration, so usually empty).' }),
      })
      .default({ src: 'brand/icon.svg', alt: '' })
      .meta({
        description:
          'Optional: the small square picture for the browser tab, also made into favicon.ico and the icon a phone saves to its home screen (default brand/icon.svg).',
        label: 'Browser tab icon',
      }),
  })
  .meta({ title: 'site.yaml', description: 'Who the company is: names, address, contact details, social pages, leaders and the logo.' })

export type Site = z.infer<typeof siteSchema>
export type Language = z.infer<typeof language>

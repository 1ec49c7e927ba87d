import { PageHero } from '../../components/PageHero.tsx'
import { ContactForm } from '../../components/forms/ContactForm.tsx'
import '../../components/forms/forms.css'
import '../../components/forms/contact-form.css'
import { Icon } from '../../components/Icon.tsx'
import { WhatsAppLink } from '../../components/DocumentLinks.tsx'
import { Island } from '../../islands/Island.tsx'
import type { Data } from './+data.ts'
import './contact.css'

export default function Page({ page, site, form, formShared, trail, ui, whatsapp }: Data) {
  const { company, contact } = site
  const words = ui.contact
  return (
    <>
      <PageHero heading={page.heading} intro={page.intro} trail={trail} />
      <section className="section">
        <div className="container contact-grid">
          <div className="contact-side">
            <section className="contact-card" aria-labelledby="details-heading">
              <h2 id="details-heading">{page.detailsHeading}</h2>
              <p className="contact-company">{company.name}</p>
              {/* Phone numbers and the e-mail address read left to right on a right-to-left page too. */}
              <dl className="contact-details">
                <div>
                  <dt>{words.person}</dt>
                  <dd>{contact.person}</dd>
                </div>
                <div>
                  <dt>{words.address}</dt>
                  <dd>
                    {company.address.locality}, {company.address.region}
                    {company.address.postalCode ? ` ${company.address.postalCode}` : ''}, {company.address.country}
                  </dd>
                </div>
                <div>
                  <dt>{words.phone}</dt>
                  <dd>
                    {contact.phones.map((p) => (
                      <a key={p.tel} href={`tel:${p.tel}`}>
                        <Icon name="phone" /> <span dir="ltr">{p.display}</span>
                      </a>
                    ))}
                  </dd>
                </div>
                <div>
                  <dt>{words.email}</dt>
                  <dd>
                    <a href={`mailto:${contact.email}`}>
                      <Icon name="mail" /> <span dir="ltr">{contact.email}</span>
                    </a>
                  </dd>
                </div>
                <div>
                  <dt>{words.onlineStore}</dt>
                  <dd>
                    <a href={contact.marketplace.url} rel="noopener noreferrer" target="_blank">
                      <Icon name="store" /> {contact.marketplace.label} <span className="visually-hidden">{ui.a11y.newTab}</span>
                    </a>
                  </dd>
                </div>
              </dl>
              {whatsapp && (
                <p className="contact-whatsapp">
                  <WhatsAppLink href={whatsapp} label={ui.whatsapp.chat} />
                </p>
              )}
            </section>
            <section className="contact-card" aria-labelledby="why-heading">
              <h2 id="why-heading">{page.whyChooseUs.heading}</h2>
              <ul className="why-list">
                {page.whyChooseUs.items.map((item) => (
                  <li key={item.title}>
                    <Icon name="check" />
                    <div>
                      <strong>{item.title}</strong>
                      <p>{item.text}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          </div>
          <section className="contact-form-card" aria-labelledby="contact-form-heading">
            <h2 id="contact-form-heading">{page.formHeading}</h2>
            <Island name="ContactForm" component={ContactForm} props={form} shared={formShared} />
          </section>
        </div>
      </section>
    </>
  )
}

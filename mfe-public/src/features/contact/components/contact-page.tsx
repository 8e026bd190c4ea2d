/**
 * `/contact` (docs/behaviour/consultation-and-contact.md#contact-page; docs/decisions.md, 22): support
 * details, business hours, the form (really stored and e-mailed to support) and four frequent questions.
 */
import { Card, CardContent, CardHeader, CardTitle, SITE_NAME, useDocumentTitle } from '@platform/ui';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@platform/ui/accordion';
import { ClockIcon, GlobeIcon, MailIcon, PhoneIcon } from 'lucide-react';
import { BUSINESS_HOURS, CONTACT_PAGE, FAQ, SUPPORT_DETAILS } from '../lib/contact-copy';
import { useMetaDescription } from '../lib/use-meta-description';
import { ContactForm } from './contact-form';

export function ContactPage() {
  useDocumentTitle(`${CONTACT_PAGE.title} | ${SITE_NAME}`);
  useMetaDescription(CONTACT_PAGE.description);
  const website = SUPPORT_DETAILS.website();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{CONTACT_PAGE.title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{CONTACT_PAGE.description}</p>
      </header>
      <div className="mt-10 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ContactForm />
        <aside className="space-y-6" aria-label="Support details">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="text-lg">Get in touch</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-4 text-sm">
                <li className="flex items-start gap-3">
                  <MailIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span className="min-w-0">
                    <span className="block font-medium">Email</span>
                    <a
                      href={`mailto:${SUPPORT_DETAILS.email}`}
                      className="break-all text-primary underline-offset-4 hover:underline"
                    >
                      {SUPPORT_DETAILS.email}
                    </a>
                  </span>
                </li>
                <li className="flex items-start gap-3">
                  <PhoneIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span>
                    <span className="block font-medium">Phone</span>
                    <a
                      href={`tel:${SUPPORT_DETAILS.phone.replace(/[^+\d]/g, '')}`}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {SUPPORT_DETAILS.phone}
                    </a>
                  </span>
                </li>
                {website ? (
                  <li className="flex items-start gap-3">
                    <GlobeIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                    <span className="min-w-0">
                      <span className="block font-medium">Website</span>
                      <a href="/" className="break-all text-primary underline-offset-4 hover:underline">
                        {website}
                      </a>
                    </span>
                  </li>
                ) : null}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="flex items-center gap-2 text-lg">
                  <ClockIcon className="size-5 text-primary" aria-hidden="true" />
                  Business Hours
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-3 text-sm">
                {BUSINESS_HOURS.map((row) => (
                  <div key={row.days} className="flex flex-wrap justify-between gap-x-4 gap-y-1">
                    <dt className="font-medium">{row.days}</dt>
                    <dd className="text-muted-foreground">{row.hours}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-4 rounded-md bg-muted p-3 text-sm">
                We reply to every message within <strong>24 hours</strong> on business days.
              </p>
            </CardContent>
          </Card>
        </aside>
      </div>
      <section className="mx-auto mt-14 max-w-3xl" aria-labelledby="contact-faq-heading">
        <h2 id="contact-faq-heading" className="text-center text-2xl font-bold tracking-tight">
          Frequently Asked Questions
        </h2>
        <Accordion type="single" collapsible className="mt-6 rounded-lg border border-border px-4">
          {FAQ.map((entry) => (
            <AccordionItem key={entry.id} value={entry.id}>
              <AccordionTrigger className="text-base">{entry.question}</AccordionTrigger>
              <AccordionContent className="text-muted-foreground">{entry.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </section>
    </div>
  );
}

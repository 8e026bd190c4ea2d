/**
 * `/contact` (docs/behaviour/consultation-and-contact.md#contact-page; docs/decisions.md, 22): support
 * details, business hours, the form (really stored and e-mailed to support) and four frequent questions.
 */
import type { ReactNode } from 'react';
import { SITE_NAME, TitledCard, cn, useDocumentTitle } from '@platform/ui';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@platform/ui/accordion';
import { ClockIcon, GlobeIcon, MailIcon, PhoneIcon } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { BUSINESS_HOURS, CONTACT_PAGE, FAQ, SUPPORT_DETAILS } from '../lib/contact-copy';
import { useMetaDescription } from '../lib/use-meta-description';
import { ContactForm } from './contact-form';

/** One way to reach support: what it is and its link; `wraps` for a value that may break anywhere. */
function SupportDetail({
  icon: Icon,
  label,
  href,
  wraps = false,
  children,
}: {
  icon: LucideIcon;
  label: string;
  href: string;
  wraps?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="flex items-start gap-3">
      <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
      <span className={wraps ? 'min-w-0' : undefined}>
        <span className="block font-medium">{label}</span>
        <a
          href={href}
          className={cn(wraps && 'break-all', 'text-primary underline-offset-4 hover:underline')}
        >
          {children}
        </a>
      </span>
    </li>
  );
}

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
          <TitledCard title="Get in touch" titleClassName="text-lg">
            <ul className="space-y-4 text-sm">
              <SupportDetail icon={MailIcon} label="Email" href={`mailto:${SUPPORT_DETAILS.email}`} wraps>
                {SUPPORT_DETAILS.email}
              </SupportDetail>
              <SupportDetail
                icon={PhoneIcon}
                label="Phone"
                href={`tel:${SUPPORT_DETAILS.phone.replace(/[^+\d]/g, '')}`}
              >
                {SUPPORT_DETAILS.phone}
              </SupportDetail>
              {website ? (
                <SupportDetail icon={GlobeIcon} label="Website" href="/" wraps>
                  {website}
                </SupportDetail>
              ) : null}
            </ul>
          </TitledCard>
          <TitledCard title="Business Hours" titleClassName="text-lg" icon={ClockIcon}>
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
          </TitledCard>
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

/**
 * `/terms` (docs/behaviour/checkout-and-payments.md#terms-page): the terms each pricing checkbox agrees
 * to, one section per programme, the Revenue Share Terms in full.
 */
import { REVENUE_SHARE_TERMS, type TermsClause } from '@platform/contracts';
import { SITE_NAME, useDocumentTitle } from '@platform/ui';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { TERMS_ANCHORS } from '../../../lib/terms-anchors';
import { PROGRAMME_TERMS, TERMS_PAGE } from '../lib/terms-copy';

function Clauses({ clauses }: { clauses: readonly TermsClause[] }) {
  return (
    <ol className="mt-4 list-decimal space-y-3 pl-5 marker:text-muted-foreground">
      {clauses.map((clause) => (
        <li key={clause.title}>
          <span className="font-medium">{clause.title}.</span>{' '}
          <span className="text-muted-foreground">{clause.text}</span>
        </li>
      ))}
    </ol>
  );
}

export function TermsPage() {
  useDocumentTitle(`${TERMS_PAGE.title} | ${SITE_NAME}`);
  const { hash } = useLocation();
  // The router does not scroll to a fragment: a pricing card's link opens its programme's terms.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{TERMS_PAGE.title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{TERMS_PAGE.intro}</p>
        <nav aria-label="Programs" className="mt-6">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {[
              ...PROGRAMME_TERMS,
              { anchor: TERMS_ANCHORS.revenue_share, title: 'Premium Success Program' },
            ].map((section) => (
              <li key={section.anchor}>
                <a href={`#${section.anchor}`} className="text-primary underline-offset-4 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {PROGRAMME_TERMS.map((section) => (
        <section
          key={section.anchor}
          id={section.anchor}
          aria-labelledby={`${section.anchor}-title`}
          className="mt-10 scroll-mt-24"
        >
          <h2 id={`${section.anchor}-title`} className="text-2xl font-semibold tracking-tight">
            {section.title}
          </h2>
          <p className="mt-2">{section.summary}</p>
          <Clauses clauses={section.clauses} />
        </section>
      ))}
      <section
        id={TERMS_ANCHORS.revenue_share}
        aria-labelledby="revenue-share-title"
        className="mt-10 scroll-mt-24"
      >
        <h2 id="revenue-share-title" className="text-2xl font-semibold tracking-tight">
          Premium Success Program: {REVENUE_SHARE_TERMS.title}
        </h2>
        <p className="mt-2">$0 upfront, then a 10% success fee on your monthly revenue increase.</p>
        <Clauses clauses={REVENUE_SHARE_TERMS.clauses} />
      </section>
      <p className="mt-10 text-sm text-muted-foreground">
        Ready?{' '}
        <Link to="/pricing" className="text-primary underline-offset-4 hover:underline">
          Back to the programs
        </Link>
        {' · '}
        <Link to="/contact" className="text-primary underline-offset-4 hover:underline">
          Ask us a question
        </Link>
      </p>
    </div>
  );
}

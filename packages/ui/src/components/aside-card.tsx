/**
 * A card beside a page's main column (a summary, a form) that stays in view while the page scrolls on a wide
 * screen, under its heading; its content and footer are the children.
 */
import type { ReactNode } from 'react';
import { Card, CardHeader, CardTitle } from './card';

export function AsideCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card className="lg:sticky lg:top-24">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-xl">{title}</h2>
        </CardTitle>
      </CardHeader>
      {children}
    </Card>
  );
}

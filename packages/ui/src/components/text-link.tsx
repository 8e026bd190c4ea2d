/** A link to a page of the site within running text: in the primary colour, underlined. */
import { Link } from 'react-router-dom';
import type { LinkProps } from 'react-router-dom';

export function TextLink(props: Omit<LinkProps, 'className'>) {
  return <Link className="text-primary underline underline-offset-4" {...props} />;
}

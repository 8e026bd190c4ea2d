/*
 * The site header (docs/behaviour/site-wide.md#site-header-and-footer): brand, Home / Free Consultation /
 * View All Plans / Contact, the cart with its item count, the account button, a theme toggle, and below
 * `md` a disclosure menu (the cart is a row there) that adds 'Contact Us'. The support admin also gets
 * 'Admin', the admin home (docs/decisions.md, 30), in both navigations.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { Button, HydrateLater, cn, useAuth, useHydrated } from '@platform/ui';
import { focusMainContent } from '../features/navigation/main-content';
import { scrollToAnchor } from '../features/navigation/scroll-to-anchor';
import { useScrolledPast } from '../features/navigation/use-scrolled-past';
import { AccountLink } from './account-link';
import { CartLink } from './cart-link';
import { ChefHatIcon, CloseIcon, MenuIcon } from './icons';
import { ThemeToggle } from './theme-toggle';

/** The header gains its shadow past 10 px of scrolling. */
const SHADOW_SCROLL_THRESHOLD_PX = 10;

const NAV_ITEMS = [
  { label: 'Home', to: '/' },
  { label: 'Free Consultation', to: '/consultation' },
  { label: 'View All Plans', to: '/pricing' },
  { label: 'Contact', to: '/contact' },
] as const;

/** Shown to the admin only; display only, the admin pages and calls check the role themselves. */
const ADMIN_NAV_ITEM = { label: 'Admin', to: '/admin' } as const;

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    'outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
    isActive ? 'text-primary' : 'text-foreground',
  );

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-md px-3 py-3 text-base font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    'outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
    isActive ? 'text-primary' : 'text-foreground',
  );

export function SiteHeader() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isScrolled = useScrolledPast(SHADOW_SCROLL_THRESHOLD_PX);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  // A prerendered page's buttons act only once React has hydrated it: a press before would be lost.
  const hydrated = useHydrated();
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';

  // Any navigation (including back/forward) closes the menu.
  useEffect(() => setIsMenuOpen(false), [pathname]);

  // Escape closes the menu and returns focus to its button.
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen]);

  /*
   * Closes the menu before anything scrolls: the open menu is part of the sticky header, so closing it
   * later would shift the page under a running smooth scroll. A page change chosen from the menu moves
   * focus to <main>, since the link that had it disappears with the menu.
   */
  const closeMenuBeforeScrolling = () => {
    if (isMenuOpen) flushSync(() => setIsMenuOpen(false));
  };
  const closeMenuOnNavigate = () => {
    if (!isMenuOpen) return;
    closeMenuBeforeScrolling();
    focusMainContent();
  };

  // Home goes to `/`; already there, it scrolls to the page's #home anchor (or the top).
  const onHomeClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (pathname !== '/') {
      closeMenuOnNavigate();
      return;
    }
    event.preventDefault();
    closeMenuBeforeScrolling();
    if (!scrollToAnchor('home')) window.scrollTo({ top: 0 });
  };

  const onNavClick = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (to === '/') onHomeClick(event);
    else closeMenuOnNavigate();
  };

  // 'Contact Us' scrolls to the page's #contact section; a page without one hands over to /contact.
  const onContactUsClick = () => {
    closeMenuBeforeScrolling();
    if (scrollToAnchor('contact')) return;
    focusMainContent();
    navigate('/contact');
  };

  // The same links in both navigations, each with its own look.
  const navItems = (linkClass: typeof desktopLinkClass) => (
    <>
      {NAV_ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end onClick={onNavClick(item.to)} className={linkClass}>
            {item.label}
          </NavLink>
        </li>
      ))}
      {isAdmin ? (
        <li>
          <NavLink to={ADMIN_NAV_ITEM.to} onClick={closeMenuOnNavigate} className={linkClass}>
            {ADMIN_NAV_ITEM.label}
          </NavLink>
        </li>
      ) : null}
    </>
  );

  return (
    <header
      data-scrolled={isScrolled}
      className={cn(
        'sticky top-0 z-40 border-b border-border bg-background transition-shadow duration-200',
        isScrolled ? 'shadow-md' : 'shadow-none',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4">
        <Link
          to="/"
          onClick={onHomeClick}
          className="flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md text-base font-semibold sm:text-lg tracking-tight text-foreground outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <ChefHatIcon className="size-6 text-primary" />
          Restaurant Consultant
        </Link>

        <HydrateLater>
          <nav aria-label="Main" className="ml-auto hidden lg:block">
            <ul className="flex items-center gap-1">{navItems(desktopLinkClass)}</ul>
          </nav>
        </HydrateLater>

        <div className="ml-auto flex items-center gap-1 sm:gap-2 lg:ml-0">
          {/* Each in a task of its own on a prerendered page's first view (docs/decisions.md, 101). */}
          <HydrateLater>
            <CartLink />
          </HydrateLater>
          <HydrateLater>
            <ThemeToggle />
          </HydrateLater>
          <HydrateLater>
            <AccountLink className="hidden lg:inline-flex" />
          </HydrateLater>
          <Button
            ref={menuButtonRef}
            type="button"
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            disabled={!hydrated}
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            {isMenuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </Button>
        </div>
      </div>

      <HydrateLater>
        <div id={menuId} hidden={!isMenuOpen} className="border-t border-border bg-background lg:hidden">
          <nav aria-label="Main (mobile)" className="mx-auto max-w-6xl px-4 py-3">
            <ul className="flex flex-col gap-1">{navItems(mobileLinkClass)}</ul>
            <div className="mt-3 flex flex-col gap-2 border-t border-border pt-3">
              <Button type="button" variant="outline" onClick={onContactUsClick}>
                Contact Us
              </Button>
              <AccountLink className="w-full" onNavigate={closeMenuOnNavigate} />
            </div>
          </nav>
        </div>
      </HydrateLater>
    </header>
  );
}

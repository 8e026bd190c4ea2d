import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { readCoursePreview } from './features/course-preview/lib/read-course-preview';
import { readProductList } from './features/services/lib/read-product-list';
import { ROUTE_PATHS } from './route-paths';
import type { RouteName } from './route-paths';
import './index.css';

/**
 * A page whose code loads when it is first shown (the shell's Suspense waits), or before, through the
 * route's `handle.preload`: the shell awaits it before hydrating a prerendered page, so the page hydrates
 * with the rest of the first render, before any data arrives (docs/decisions.md, 55).
 */
function lazyPage(
  load: () => Promise<ComponentType>,
  firstViewData: { url: string; read: (body: unknown) => unknown }[] = [],
): RouteObject {
  let Loaded: ComponentType | undefined;
  const preload = () =>
    load().then((Page) => {
      Loaded = Page;
      return Page;
    });
  const LazyPage = lazy(() => preload().then((Page) => ({ default: Page })));
  function Page() {
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  return { element: <Page />, handle: { preload, firstViewData } };
}

// Every page loads when visited, `/` too: a prerendered page's entry loads only its own page's code
// before hydrating (docs/decisions.md, 87). `/` and `/services` come with the answers they show drawn in
// their HTML (`firstViewData`, docs/decisions.md, 110).
const homePage = lazyPage(
  () => import('./features/course-preview/components/course-page').then((m) => m.CoursePage),
  [{ url: '/api/course-preview', read: readCoursePreview }],
);
const landingPage = lazyPage(() =>
  import('./features/landing/components/landing-page').then((m) => m.LandingPage),
);
const servicesPage = lazyPage(
  () => import('./features/services/components/services-page').then((m) => m.ServicesPage),
  [{ url: '/api/products', read: readProductList }],
);
const cartPage = lazyPage(() => import('./features/cart/components/cart-page').then((m) => m.CartPage));
const loginPage = lazyPage(() => import('./features/auth/components/login-page').then((m) => m.LoginPage));
const signupPage = lazyPage(() => import('./features/auth/components/signup-page').then((m) => m.SignupPage));
const setupPasswordPage = lazyPage(() =>
  import('./features/auth/components/setup-password-page').then((m) => m.SetupPasswordPage),
);
const checkoutPage = lazyPage(() =>
  import('./features/checkout/components/checkout-page').then((m) => m.CheckoutPage),
);
const checkoutSuccessPage = lazyPage(() =>
  import('./features/checkout/components/checkout-success-page').then((m) => m.CheckoutSuccessPage),
);
const pricingPage = lazyPage(() =>
  import('./features/pricing/components/pricing-page').then((m) => m.PricingPage),
);
const termsPage = lazyPage(() => import('./features/terms/components/terms-page').then((m) => m.TermsPage));
const contactPage = lazyPage(() =>
  import('./features/contact/components/contact-page').then((m) => m.ContactPage),
);
const consultationPage = lazyPage(() =>
  import('./features/consultation/components/consultation-page').then((m) => m.ConsultationPage),
);
const additionalUploadPage = lazyPage(() =>
  import('./features/additional-upload/components/additional-upload-page').then(
    (m) => m.AdditionalUploadPage,
  ),
);

/** The page of each route declared in route-paths.ts; the type requires one for every path, and no other. */
const PAGES = {
  home: homePage,
  oldLanding: landingPage,
  services: servicesPage,
  cart: cartPage,
  checkout: checkoutPage,
  checkoutSuccess: checkoutSuccessPage,
  login: loginPage,
  signup: signupPage,
  setupPassword: setupPasswordPage,
  pricing: pricingPage,
  terms: termsPage,
  contact: contactPage,
  consultation: consultationPage,
  additionalUpload: additionalUploadPage,
} satisfies Record<RouteName, RouteObject>;

export const routes: RouteObject[] = (Object.keys(ROUTE_PATHS) as RouteName[]).map((name) => ({
  ...PAGES[name],
  path: ROUTE_PATHS[name],
}));

export default routes;

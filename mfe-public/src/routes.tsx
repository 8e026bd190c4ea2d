import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { CoursePage } from './features/course-preview/components/course-page';
import { ROUTE_PATHS } from './route-paths';
import type { RouteName } from './route-paths';
import './index.css';

// `/` is the first view: bundled with the routes. Other pages load when visited (the shell's Suspense waits).
const LandingPage = lazy(() =>
  import('./features/landing/components/landing-page').then((m) => ({ default: m.LandingPage })),
);
const ServicesPage = lazy(() =>
  import('./features/services/components/services-page').then((m) => ({ default: m.ServicesPage })),
);
const CartPage = lazy(() =>
  import('./features/cart/components/cart-page').then((m) => ({ default: m.CartPage })),
);
const LoginPage = lazy(() =>
  import('./features/auth/components/login-page').then((m) => ({ default: m.LoginPage })),
);
const SignupPage = lazy(() =>
  import('./features/auth/components/signup-page').then((m) => ({ default: m.SignupPage })),
);
const SetupPasswordPage = lazy(() =>
  import('./features/auth/components/setup-password-page').then((m) => ({ default: m.SetupPasswordPage })),
);
const CheckoutPage = lazy(() =>
  import('./features/checkout/components/checkout-page').then((m) => ({ default: m.CheckoutPage })),
);
const CheckoutSuccessPage = lazy(() =>
  import('./features/checkout/components/checkout-success-page').then((m) => ({
    default: m.CheckoutSuccessPage,
  })),
);
const PricingPage = lazy(() =>
  import('./features/pricing/components/pricing-page').then((m) => ({ default: m.PricingPage })),
);
const ContactPage = lazy(() =>
  import('./features/contact/components/contact-page').then((m) => ({ default: m.ContactPage })),
);
const ConsultationPage = lazy(() =>
  import('./features/consultation/components/consultation-page').then((m) => ({
    default: m.ConsultationPage,
  })),
);
const AdditionalUploadPage = lazy(() =>
  import('./features/additional-upload/components/additional-upload-page').then((m) => ({
    default: m.AdditionalUploadPage,
  })),
);

/** The page of each route declared in route-paths.ts; the type requires one for every path, and no other. */
const PAGES = {
  home: { element: <CoursePage /> },
  oldLanding: { element: <LandingPage /> },
  services: { element: <ServicesPage /> },
  cart: { element: <CartPage /> },
  checkout: { element: <CheckoutPage /> },
  checkoutSuccess: { element: <CheckoutSuccessPage /> },
  login: { element: <LoginPage /> },
  signup: { element: <SignupPage /> },
  setupPassword: { element: <SetupPasswordPage /> },
  pricing: { element: <PricingPage /> },
  contact: { element: <ContactPage /> },
  consultation: { element: <ConsultationPage /> },
  additionalUpload: { element: <AdditionalUploadPage /> },
} satisfies Record<RouteName, RouteObject>;

export const routes: RouteObject[] = (Object.keys(ROUTE_PATHS) as RouteName[]).map((name) => ({
  ...PAGES[name],
  path: ROUTE_PATHS[name],
}));

export default routes;

import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { CoursePage } from './features/course-preview/components/course-page';
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

/** Every path the shell's route table gives mfe_public (public-site spec §2.1, member-and-admin §2). */
export const routes: RouteObject[] = [
  { path: '/', element: <CoursePage /> },
  { path: '/old-landing', element: <LandingPage /> },
  { path: '/services', element: <ServicesPage /> },
  { path: '/cart', element: <CartPage /> },
  // `/checkout?course=1` is the course purchase (the course alone, whatever the cart holds).
  { path: '/checkout', element: <CheckoutPage /> },
  { path: '/checkout-success', element: <CheckoutSuccessPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/setup-password', element: <SetupPasswordPage /> },
  { path: '/pricing', element: <PricingPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/consultation', element: <ConsultationPage /> },
  { path: '/additional-upload', element: <AdditionalUploadPage /> },
];

export default routes;

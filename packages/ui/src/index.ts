// @platform/ui: the design system and the client state every front end shares (one copy at runtime).
// The root entry holds the state and the light components; each Radix-heavy component has its own entry
// (`@platform/ui/accordion`, `/checkbox`, `/dialog`, `/select`, `/tabs`, `/toast`, `/tooltip`), and so do
// what only some pages use (`/upload-progress`, `/resumable-upload`, `/consultation-status`,
// `/payment-plan-schedule`), each shared
// as a singleton of its own, so a page downloads only the ones it renders. Nothing heavy is re-exported here.

// Components
export { Alert, AlertDescription, AlertTitle, alertVariants } from './components/alert';
export type { AlertProps } from './components/alert';
export { Badge, badgeVariants } from './components/badge';
export type { BadgeProps } from './components/badge';
export { Button, SubmitButton, buttonVariants } from './components/button';
export type { ButtonProps } from './components/button';
export { ButtonLink } from './components/button-link';
export type { ButtonLinkProps } from './components/button-link';
export { CheckList } from './components/check-list';
export { EmptyStateCard } from './components/empty-state-card';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './components/card';
export type { CardTitleProps } from './components/card';
export { Input } from './components/input';
export { NativeSelect } from './components/native-select';
export { Label } from './components/label';
export { LoadFailedAlert } from './components/load-failed-alert';
export { LoadingList } from './components/loading-list';
export { LoadingPlaceholder } from './components/loading-placeholder';
export { MoneyInput } from './components/money-input';
export { NameFields } from './components/name-fields';
export { NoticeCard } from './components/notice-card';
export { OfferCard } from './components/offer-card';
export type { OfferCardProps } from './components/offer-card';
export type { MoneyInputProps } from './components/money-input';
export { Separator } from './components/separator';
export { Skeleton, SkeletonBars, SkeletonRows } from './components/skeleton';
export { Textarea } from './components/textarea';
export { TextLink } from './components/text-link';
export { TitledCard, TitledFormCard } from './components/titled-card';
export type { TitledCardProps, TitledFormCardProps } from './components/titled-card';
export type { ToastActionElement, ToastProps } from './components/toast';
export { Toaster } from './components/toaster';
export {
  TOOLTIP_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
  TooltipProvider,
  useTooltipSettings,
} from './components/tooltip-provider';
export type { TooltipSettings } from './components/tooltip-provider';
export { cn } from './lib/cn';
export type { ClassValue } from './lib/cn';
export { lazyPage } from './lib/lazy-page';
export { newRequestId } from './lib/request-id';
export { useRequestIdFor } from './hooks/use-request-id-for';
export type { RequestIdFor } from './hooks/use-request-id-for';

// Toasts
export { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from './toast/toast-options';
export { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, dismissToast, toast } from './toast/toast-store';
export type { ToastHandle, ToastInput, ToasterToast } from './toast/toast-store';
export { toastFailure } from './toast/toast-failure';
export { useToast } from './toast/use-toast';
export type { UseToastResult } from './toast/use-toast';

// Requests, query client, auth
export { apiRequest } from './api/api-request';
export type { ApiRequestOptions, QueryValue } from './api/api-request';
export { createQueryClient } from './api/create-query-client';
export { getQueryFn } from './api/get-query-fn';
export type { UnauthorizedBehavior } from './api/get-query-fn';
export { parseAnswer, parsedQueryFn, parsedQueryFnOrNull, requestParsed } from './api/parse-answer';
export type { Contracts, SchemaPick } from './api/parse-answer';
export {
  defineParsedQuery,
  defineParsedQueryFamily,
  defineSignedInQuery,
  defineSignedInQueryFamily,
} from './api/define-query';
export type {
  ParsedQuery,
  ParsedQueryFamily,
  ParsedQueryOptions,
  ParsedQuerySettings,
} from './api/define-query';
export { useRefreshingMutation } from './api/use-refreshing-mutation';
export { mayHaveBeenDone, readNow } from './api/lost-answer';
export type { RefreshingMutationSettings } from './api/use-refreshing-mutation';
export { sendForOutcome } from './api/send-for-outcome';
export type { SentOutcome } from './api/send-for-outcome';
export { AUTH_USER_QUERY_KEY, fetchCurrentUser, useAuth, welcome } from './auth/use-auth';
export type { AuthUser, UseAuthResult } from './auth/use-auth';
export { LOGGED_OUT_TOAST_TITLE, useLogout } from './auth/use-logout';
export type { UseLogoutResult } from './auth/use-logout';
export { LogOutButton } from './auth/log-out-button';
export { useAddressLeft, useSignInGate } from './auth/use-sign-in-gate';
export type { SignInGate } from './auth/use-sign-in-gate';

// Cart
export { CART_STORAGE_KEY, CART_STORAGE_VERSION, createCartStore, useCart } from './cart/use-cart';
export type { CartState } from './cart/use-cart';
export type { CartItem, CartItemInput } from './cart/cart-rules';

// Payments
export {
  getPaymentProviders,
  paymentProvidersQuery,
  usePaymentProviders,
} from './payments/use-payment-providers';

// Page title, theme (money and dates: @platform/contracts/format, shared with the e-mails)
export { SITE_NAME, listenToDocumentTitles, useDocumentTitle } from './hooks/use-document-title';
export { useDisclosure } from './hooks/use-disclosure';
export { useHydrated } from './hooks/use-hydrated';
export {
  HydrateLater,
  RENDERED_WHEN_NEAR,
  ServerMarkup,
  hydrateKeepingServerMarkup,
  pressRegion,
} from './components/server-markup';
export type { ServerMarkupProps } from './components/server-markup';
export { ThemeProvider, useTheme } from './theme/theme-provider';
export type { ThemeContextValue } from './theme/theme-provider';
export { THEME_STORAGE_KEY } from './theme/theme-storage';
export type { Theme } from './theme/theme-storage';

// Forms: a labelled field, the API's error (status, server's words, issues). Uploads with a progress bar
// are `@platform/ui/upload-progress`; large files `@platform/ui/resumable-upload`.
export { AsyncForm } from './components/async-form';
export type { AsyncFormProps } from './components/async-form';
export { FormField, fieldAria, fieldErrorId, fieldHintId } from './components/form-field';
export type { FieldAria } from './components/form-field';
export {
  ApiError,
  getApiErrorStatus,
  getServerMessage,
  pickFieldIssues,
  showFieldIssues,
  readAnswerBody,
} from './api/api-error';
export type { ApiFailure, FieldIssue, RefusedOutcome } from './api/api-error';
export { submitWithToasts } from './api/submit-with-toasts';
export type { SubmitWithToastsOptions } from './api/submit-with-toasts';

// Delayed redirects (a consultation's status badge and dates are `@platform/ui/consultation-status`)
export { useOnceSearchParam } from './hooks/use-once-search-param';
export { useToastAndRedirect } from './hooks/use-toast-and-redirect';

/**
 * The application's services: the names the gateway routes to, the embedded mode starts and each
 * service declares itself by, and the port each listens on unless PORT says otherwise.
 */
export const SERVICE_NAMES = [
  'auth',
  'course',
  'consultation',
  'payment',
  'revenue',
  'notification',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const DEFAULT_SERVICE_PORTS: Record<ServiceName, number> = {
  auth: 4001,
  course: 4002,
  consultation: 4003,
  payment: 4004,
  revenue: 4005,
  notification: 4006,
};

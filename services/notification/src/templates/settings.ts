/** The parts of the configuration every template reads (links and the support address). */
import type { NotificationConfig } from '../config.js';
import type { TemplateSettings } from './layout.js';

export function templateSettings(config: NotificationConfig): TemplateSettings {
  return { baseUrl: config.PUBLIC_BASE_URL, supportEmail: config.SUPPORT_EMAIL };
}

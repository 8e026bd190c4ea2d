/**
 * A person's data on request (docs/behaviour/accounts.md#your-data-export-and-deletion;
 * docs/decisions.md, 102–103):
 *
 *   GET    /api/account/export              → a zip: one JSON file per service and the person's files
 *   DELETE /api/account                     { password } → 202 AccountActionResponse; 400 for a wrong one
 *   GET    /api/admin/users/{userId}/export → the same zip for the admin, on the person's request
 *   DELETE /api/admin/users/{userId}        → 202 AccountActionResponse (admin only)
 *
 * Each service answers its own part to the gateway, which writes the zip:
 *
 *   GET /internal/personal-data?userId=&email=        → PersonalDataPart
 *   GET /internal/personal-data/file?userId=&email=&key= → the file's bytes
 */
import { z } from 'zod';
import { AccountEmailSchema } from './email.js';
import { PASSWORD_MAX_LENGTH } from './password-rules.js';
import { plainText } from '../text.js';

export const ACCOUNT_DATA_MESSAGES = {
  passwordRequired: 'Please enter your password to delete your account',
  wrongPassword: 'That password is not right. Your account was not deleted.',
  deleted: 'Your account has been deleted. Your personal data is being erased.',
  deletedByAdmin: 'The account has been deleted. Its personal data is being erased.',
  adminAccount: 'The admin account cannot be deleted here',
  notFound: 'No account with this id',
} as const;

export const DeleteAccountRequestSchema = z.object({
  password: z
    .string({ error: ACCOUNT_DATA_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_DATA_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_DATA_MESSAGES.passwordRequired),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

export const AdminUserParamsSchema = z.object({ userId: z.uuid() });

/**
 * Whose data a service is asked for: the gateway names the person by id and address (for the admin's
 * export it first asks auth by id alone, which gives the address).
 */
export const PersonalDataQuerySchema = z.object({
  userId: plainText(z.string().min(1).max(100)),
  email: AccountEmailSchema.optional(),
});
export type PersonalDataQuery = z.infer<typeof PersonalDataQuerySchema>;

export const PersonalDataFileQuerySchema = PersonalDataQuerySchema.extend({
  key: plainText(z.string().min(1).max(1024)),
});

/** One service's part of the export: its rows by table, and the files the zip carries. */
export const PersonalDataPartSchema = z.object({
  service: z.string(),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  files: z.array(z.object({ key: z.string(), name: z.string() })),
});
export type PersonalDataPart = z.infer<typeof PersonalDataPartSchema>;

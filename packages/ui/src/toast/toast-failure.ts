/** The toast of a call that failed: its title, and the server's words for why, else `fallback`. */
import { getServerMessage } from '../api/api-error';
import { toast } from './toast-store';

export function toastFailure(failure: unknown, title: string, fallback: string): void {
  toast({ title, description: getServerMessage(failure) ?? fallback, variant: 'destructive' });
}

/** A dialog's open state and its error message, the error cleared whenever it opens or closes. */
import { useState } from 'react';

export function useDialogError() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    open,
    setOpen,
    error,
    setError,
    onOpenChange: (next: boolean) => {
      setOpen(next);
      setError(null);
    },
  };
}

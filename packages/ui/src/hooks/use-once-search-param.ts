/**
 * A value the page was sent back with (`?payment=paid`, `?card=saved`): read once when the page opens,
 * then taken out of the address so that a reload does not say it again.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export function useOnceSearchParam<T>(
  name: string,
  read: (value: string | null) => T | null,
): [T | null, () => void] {
  const [params, setParams] = useSearchParams();
  const [value, setValue] = useState(() => read(params.get(name)));
  useEffect(() => {
    if (!params.has(name)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [name, params, setParams]);
  return [value, () => setValue(null)];
}

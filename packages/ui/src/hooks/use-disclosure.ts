/**
 * A disclosure: a button that shows or hides a region. Gives whether it is open, the button's props (a plain
 * button, `aria-expanded`, `aria-controls` naming the region, a press toggles) and the region's (`id`, `hidden`).
 */
import { useState } from 'react';

export function useDisclosure(regionId: string, initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const toggle = () => setOpen((shown) => !shown);
  return {
    open,
    toggle,
    buttonProps: {
      type: 'button',
      'aria-expanded': open,
      'aria-controls': regionId,
      onClick: toggle,
    } as const,
    regionProps: { id: regionId, hidden: !open },
  };
}

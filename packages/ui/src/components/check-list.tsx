/** A list whose items each carry a green check mark (key takeaways, plan features). */
import { cn } from '../lib/cn';

type CheckListProps = {
  items: readonly string[];
  /** Layout of the list (spacing, columns). */
  className?: string;
  itemClassName?: string;
};

export function CheckList({ items, className = 'space-y-2', itemClassName }: CheckListProps) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={cn('flex gap-2', itemClassName)}>
          <span aria-hidden="true" className="font-bold text-success">
            ✓
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

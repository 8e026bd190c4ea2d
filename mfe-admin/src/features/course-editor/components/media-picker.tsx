/**
 * Picks a stored file for a lesson's video (or captions) field: the admin's finished uploads first, then
 * the shipped samples. The field itself stays editable for a YouTube or Vimeo link.
 */
import type { CourseMediaFile } from '@platform/contracts';
import { cn } from '@platform/ui';

function optionLabel(file: CourseMediaFile): string {
  return file.originalName ? `${file.originalName} (${file.name})` : file.name;
}

/** One source's files as an option group; nothing when it has none. */
function FileGroup({ label, files }: { label: string; files: CourseMediaFile[] }) {
  if (files.length === 0) return null;
  return (
    <optgroup label={label}>
      {files.map((file) => (
        <option key={file.name} value={file.name}>
          {optionLabel(file)}
        </option>
      ))}
    </optgroup>
  );
}

export function MediaPicker({
  id,
  files,
  kinds,
  label,
  onPick,
  className,
}: {
  id: string;
  files: CourseMediaFile[] | undefined;
  kinds: CourseMediaFile['kind'][];
  label: string;
  onPick: (name: string) => void;
  className?: string;
}) {
  const usable = (files ?? []).filter((file) => kinds.includes(file.kind));
  const uploads = usable.filter((file) => file.source === 'upload');
  const samples = usable.filter((file) => file.source === 'sample');
  return (
    <select
      id={id}
      aria-label={label}
      value=""
      disabled={files === undefined}
      onChange={(event) => {
        if (event.target.value) onPick(event.target.value);
      }}
      className={cn(
        'h-10 w-full rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs md:text-sm',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50',
        className,
      )}
    >
      <option value="">{files === undefined ? 'Loading files…' : label}</option>
      <FileGroup label="Your uploads" files={uploads} />
      <FileGroup label="Samples shipped with the site" files={samples} />
    </select>
  );
}

/**
 * A submission's files: image thumbnails that open full size (each a named link), playable videos, documents
 * as downloads.
 */
import type { ReactNode } from 'react';
import type { ConsultationFile } from '@platform/contracts';
import { photoLinkName } from '../lib/photo-link-name';
import { formatFileSize, groupFiles } from '../lib/review-rules';

const linkClass =
  'font-medium text-primary underline-offset-4 hover:underline rounded-sm outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

function Group({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <div>
      <h4 className="text-sm font-semibold">
        {title} ({count})
      </h4>
      {count === 0 ? <p className="mt-1 text-sm text-muted-foreground">None</p> : children}
    </div>
  );
}

export function SubmissionFiles({ files }: { files: readonly ConsultationFile[] }) {
  const { images, videos, documents } = groupFiles(files);

  return (
    <div className="space-y-5" data-testid="submission-files">
      <Group title="Photos" count={images.length}>
        <ul aria-label="Photos" className="mt-2 grid grid-cols-3 gap-3 sm:grid-cols-4">
          {images.map((file, index) => (
            <li key={file.id} className="min-w-0">
              {/*
                The link carries the name (its position, the file's name and where it opens), so it is never
                nameless, even for a file without a name; the picture inside is then decoration.
              */}
              <a
                href={file.url}
                target="_blank"
                rel="noopener noreferrer"
                className="block overflow-hidden rounded-md border border-border outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
                aria-label={photoLinkName(index, images.length, file.originalName)}
              >
                <img
                  src={file.url}
                  alt=""
                  loading="lazy"
                  className="aspect-square w-full bg-muted object-cover"
                  data-testid="submission-image"
                />
                <span className="block truncate px-1.5 py-1 text-xs text-muted-foreground" aria-hidden="true">
                  {file.originalName || `Photo ${index + 1}`}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Group>

      <Group title="Videos" count={videos.length}>
        <ul className="mt-2 space-y-3">
          {videos.map((file) => (
            <li key={file.id} className="max-w-2xl space-y-1">
              <video
                controls
                preload="metadata"
                src={file.url}
                className="aspect-video w-full rounded-md bg-black"
                aria-label={file.originalName}
                data-testid="submission-video"
              />
              <a href={file.url} download={file.originalName} className={`text-sm ${linkClass}`}>
                Download {file.originalName} ({formatFileSize(file.size)})
              </a>
            </li>
          ))}
        </ul>
      </Group>

      <Group title="Documents" count={documents.length}>
        <ul className="mt-2 space-y-1">
          {documents.map((file) => (
            <li key={file.id} className="text-sm">
              <a
                href={file.url}
                download={file.originalName}
                className={`break-all ${linkClass}`}
                data-testid="submission-document"
              >
                {file.originalName}
              </a>{' '}
              <span className="text-muted-foreground">({formatFileSize(file.size)})</span>
            </li>
          ))}
        </ul>
      </Group>
    </div>
  );
}

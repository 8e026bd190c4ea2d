import { bigint, text } from 'drizzle-orm/pg-core';

/**
 * The columns that describe a file kept in the object store, for a table that records uploads (its own
 * `object_key` column says where the bytes are): the name it was uploaded with (the kit's multipart reader
 * already dropped folders and control characters), the type found in its content (never the one the
 * browser claimed), and its size in bytes.
 */
export function storedFileColumns() {
  return {
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
  };
}

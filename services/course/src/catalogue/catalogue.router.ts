/**
 * Public catalogue reads: the course page's outline, the products (all, or one) and their pictures. The
 * outline and the products are the same for every caller and are revalidated at every view
 * (cacheable-answers.ts).
 */
import { PRODUCT_NOT_FOUND, ProductIdParamsSchema } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { serveObject, validate } from '@platform/service-kit/http';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ErrorRequestHandler, Router } from 'express';
import type { CourseConfig } from '../config.js';
import { listBundledMedia } from '../media/bundled-media.js';
import { createCacheableAnswers } from './cacheable-answers.js';
import { getCoursePreview } from './get-course-preview.js';
import { getProduct } from './get-product.js';
import { listProducts } from './list-products.js';

/** Product pictures change only with a release; a week in caches, then revalidated by ETag. */
const IMAGE_CACHE_CONTROL = 'public, max-age=604800';
/** An SVG opened on its own is a document: let it draw, never run anything. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function catalogueRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const answers = createCacheableAnswers(deps.db);

  router.get('/api/course-preview', async (req, res) => {
    await answers.send(req, res, 'course-preview', async () => {
      const preview = await getCoursePreview(deps.db);
      if (!preview) throw new AppError('not_found', 'Course not found');
      return preview;
    });
  });

  router.get('/api/products', async (req, res) => {
    await answers.send(req, res, 'products', () => listProducts(deps.db));
  });

  // A malformed id names no product: the same 404 as an unknown one.
  router.get('/api/products/:id', validate({ params: ProductIdParamsSchema }), async (req, res) => {
    const { id } = req.params;
    await answers.send(req, res, `products/${id}`, async () => {
      const product = await getProduct(deps.db, id);
      if (!product) throw new AppError('not_found', PRODUCT_NOT_FOUND);
      return product;
    });
  });

  router.get('/api/products/images/:file', async (req, res) => {
    const { catalogueImages } = await listBundledMedia();
    const image = catalogueImages.find((candidate) => candidate.name === req.params.file);
    if (!image || !deps.store) throw new AppError('not_found', 'Image not found');
    await serveObject(req, res, {
      store: deps.store,
      key: image.key,
      contentType: 'image/svg+xml',
      cacheControl: IMAGE_CACHE_CONTROL,
      headers: { 'Content-Security-Policy': SVG_POLICY },
      notFoundMessage: 'Image not found',
    });
  });
  // A name that does not even percent-decode names no picture of ours (rather than a 500).
  const undecodable: ErrorRequestHandler = (error, _req, _res, next) => {
    next(error instanceof URIError ? new AppError('not_found', 'Image not found') : error);
  };
  router.use('/api/products/images', undecodable);
  const undecodableProduct: ErrorRequestHandler = (error, _req, _res, next) => {
    next(error instanceof URIError ? new AppError('not_found', PRODUCT_NOT_FOUND) : error);
  };
  router.use('/api/products', undecodableProduct);
}
